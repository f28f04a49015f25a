import type { ScreenSettingsRow } from '@netbar/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import ScreenSettingsPage from './screen-settings-page';

const h = dialogHarness();
const ROW: ScreenSettingsRow = {
  slides: [
    { kind: 'image', url: '/screen-samples/slide-1.svg', seconds: 8 },
    { kind: 'image', url: '/screen-samples/slide-2.svg', seconds: 8 },
  ],
  start_date: '',
  end_date: '',
  windows: [{ start: '08:00', end: '24:00' }],
  link: `/screen/1-${'A'.repeat(32)}`,
  app_on: true,
  updated_at: '',
  updated_by: '',
};
const body = (c: { data?: unknown }) => JSON.parse(String(c.data ?? '{}')) as Record<string, unknown>;

describe('副屏设置 page (decision 191)', { timeout: 60_000 }, () => {
  it('shows the link, reorders the slides and saves them; an overlapping window is refused before sending', async () => {
    const seen = mockServer((c) => (ends(c, 'secondary_screen_settings') ? ok(ROW) : ok(ROW)));
    renderAt(
      '/application_manage/secondary_screen',
      '/application_manage/secondary_screen',
      <ScreenSettingsPage />,
    );
    const link = (await screen.findByTestId('screen-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}${ROW.link}`);
    expect(screen.getAllByTestId('slide-row')).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: '下移' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: /添加时段/ }));
    fireEvent.change(screen.getByLabelText('时段2开始'), { target: { value: '20:00' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await settle();
    expect(h.notifyError).toHaveBeenCalledWith('时段08:00-24:00与20:00-24:00重叠');
    expect(seen.filter((c) => ends(c, 'secondary_screen_save'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '删除时段2' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await settle();
    const saves = seen.filter((c) => ends(c, 'secondary_screen_save'));
    expect(saves).toHaveLength(1);
    expect(body(saves[0]!)).toMatchObject({
      slides: [{ url: '/screen-samples/slide-2.svg' }, { url: '/screen-samples/slide-1.svg' }],
      windows: [{ start: '08:00', end: '24:00' }],
    });
  });
});
