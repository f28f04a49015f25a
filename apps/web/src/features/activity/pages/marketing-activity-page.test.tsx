import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { kindRow, sentBody } from './kind-fixtures';
import MarketingActivityPage from './marketing-activity-page';

const { notifyError, success, rejections } = dialogHarness();
const URL = '/application_manage/marketing_activity_list';

const RUNNING = kindRow({
  id: 7,
  name: '春节充值送',
  claims: 12,
  members: 9,
  spent_fen: 26_000,
  prizes: [
    { id: 71, name: '充100送20', kind: 'bonus', amount: 2000, cost_fen: 2000, quantity: 100, issued: 10 },
    { id: 72, name: '充200送50', kind: 'bonus', amount: 5000, cost_fen: 5000, quantity: 50, issued: 2 },
  ],
  tiers: [
    { prize_id: 71, min_topup_fen: 10_000 },
    { prize_id: 72, min_topup_fen: 20_000 },
  ],
});
const DRAFT = kindRow({ id: 8, name: '首充有礼', status: 'draft', state: 'draft', promo_mode: 'first' });

describe('营销活动 page', { timeout: 60_000 }, () => {
  it('lists the promotions with their mode, tiers paid, budget spent and the moves their state allows', async () => {
    const seen = mockServer((c) => (ends(c, 'promotion_list') ? page([RUNNING, DRAFT]) : ok(null)));
    renderAt(URL, URL, <MarketingActivityPage />);
    const row = (await screen.findByText('春节充值送')).closest('tr') as HTMLElement;
    expect(within(row).getByText('进行中')).toBeTruthy();
    expect(within(row).getByText('充值满送')).toBeTruthy();
    expect(within(row).getByText(/^充100送20/)).toBeTruthy();
    expect(within(row).getByText(/已赠 10\/100/)).toBeTruthy();
    expect(within(row).getByText('5,000.00 / 260.00')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '暂停' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    const draft = screen.getByText('首充有礼').closest('tr') as HTMLElement;
    expect(within(draft).getByText('首充奖励')).toBeTruthy();
    expect(within(draft).getByRole('button', { name: '发布' })).toBeTruthy();
    expect(within(draft).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(seen.some((c) => ends(c, 'activity_list'))).toBe(false);
  });

  it('a save the server refuses shows its Chinese message and keeps the dialog open', async () => {
    const msg = '奖池总价值超过活动预算（奖池4500.00元，预算50.00元）';
    const saves: Record<string, string>[] = [];
    mockServer((c) => {
      if (ends(c, 'promotion_list')) return page([]);
      if (ends(c, 'promotion_save')) {
        saves.push(sentBody(c.data));
        return refused(msg);
      }
      return ok(null);
    });
    renderAt(URL, URL, <MarketingActivityPage />);
    fireEvent.click(await screen.findByRole('button', { name: '新建营销活动' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/活动赠送与会员等级的充值赠送叠加/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(msg));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.promo_mode).toBe('tier');
    expect(JSON.parse(saves[0]!.tiers!)).toEqual([
      { min_topup_fen: 10_000, bonus_fen: 2_000, quantity: 100 },
      { min_topup_fen: 20_000, bonus_fen: 5_000, quantity: 50 },
    ]);
    expect(saves[0]!.budget_fen).toBe('500000');
    await settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it('编辑 a draft fills its tiers and sends its id', async () => {
    const saves: Record<string, string>[] = [];
    const draft = kindRow({
      ...DRAFT,
      prizes: [
        { id: 81, name: '充50送5', kind: 'bonus', amount: 500, cost_fen: 500, quantity: 20, issued: 0 },
      ],
      tiers: [{ prize_id: 81, min_topup_fen: 5_000 }],
    });
    mockServer((c) => {
      if (ends(c, 'promotion_list')) return page([draft]);
      if (ends(c, 'promotion_save')) {
        saves.push(sentBody(c.data));
        return ok(draft, '保存成功');
      }
      return ok(null);
    });
    renderAt(URL, URL, <MarketingActivityPage />);
    const row = (await screen.findByText('首充有礼')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑营销活动')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.id).toBe('8');
    expect(saves[0]!.promo_mode).toBe('first');
    expect(JSON.parse(saves[0]!.tiers!)).toEqual([{ min_topup_fen: 5_000, bonus_fen: 500, quantity: 20 }]);
    await waitFor(() => expect(success).toHaveBeenCalled());
  });
});
