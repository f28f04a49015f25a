import type { PayLinkRow } from '@netbar/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PayLinkPage from './pay-link-page';

dialogHarness();
const LINK: PayLinkRow = {
  id: 7,
  token: 'A'.repeat(43),
  netbar_id: 1,
  netbar_name: '星际网咖旗舰店',
  agent_id: null,
  purpose: 'collect',
  title: '包间押金',
  amount_fen: 2000,
  min_fen: null,
  max_fen: null,
  single_use: true,
  status: '有效',
  paid_count: 0,
  paid_fen: 0,
  expires_at: '2026-12-05 10:00:00',
  created_by: 3,
  creator_name: '星际老板',
  created_at: '2026-11-28 10:00:00',
  member_id: null,
  member_name: '',
  order_id: null,
  order_no: '',
};
const body = (c: { data?: unknown }) => JSON.parse(String(c.data ?? '{}')) as Record<string, unknown>;

describe('收款链接 page', { timeout: 60_000 }, () => {
  it('lists links; 新建收款链接 sends the form once, a refusal keeps the dialog, success shows the QR', async () => {
    let answer: 'refuse' | 'ok' = 'refuse';
    const seen = mockServer((c) =>
      ends(c, 'pay_link_list')
        ? page([LINK])
        : ends(c, 'pay_link_create')
          ? answer === 'refuse'
            ? refused('标题为1-40个字符', 40000)
            : ok({ ...LINK, id: 8, title: '网费' })
          : ok(null),
    );
    renderAt('/payLink', '/payLink', <PayLinkPage />);
    const row = (await screen.findByText('包间押金')).closest('tr') as HTMLElement;
    expect(within(row).getByText('20.00')).toBeTruthy();
    expect(within(row).getByText('有效')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '停用' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /新建收款链接/ }));
    const dialog = await screen.findByRole('dialog');
    // an amount with three decimals is refused in the form, nothing sent
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '网费' } });
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入大于0且最多两位小数的金额')).toBeTruthy();
    expect(seen.filter((c) => ends(c, 'pay_link_create'))).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await settle();
    await settle();
    const first = seen.filter((c) => ends(c, 'pay_link_create'));
    expect(first).toHaveLength(1);
    expect(body(first[0]!)).toMatchObject({
      purpose: 'collect',
      title: '网费',
      amount_mode: 'fixed',
      amount: '15',
      single_use: true,
      expires_days: 7,
    });
    // refused: the dialog stays open; the retry carries the same request id
    expect(screen.getByText('新建收款链接', { selector: '.ant-modal-title' })).toBeTruthy();
    answer = 'ok';
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('收款二维码')).toBeTruthy();
    const calls = seen.filter((c) => ends(c, 'pay_link_create'));
    expect(calls).toHaveLength(2);
    expect(body(calls[1]!).request_id).toBe(body(calls[0]!).request_id);
    expect(screen.getByText(`http://localhost:3000/pay/link/${'A'.repeat(43)}`)).toBeTruthy();
  });
});
