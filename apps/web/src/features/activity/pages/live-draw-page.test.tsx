import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { kindRow, sentBody } from './kind-fixtures';
import LiveDrawPage from './live-draw-page';

const { notifyError, success, rejections } = dialogHarness();
const URL = '/application_manage/live_draw';

const DRAWN = kindRow({
  id: 5,
  kind: 'live_draw',
  name: '周五晚八点抽奖',
  status: 'ended',
  state: 'ended',
  starts_at: '2026-01-16 20:00:00',
  ends_at: '2026-01-17 20:00:00',
  draw_from: 'online',
  drawn_at: '2026-01-16 20:00:12',
  members: 3,
  claims: 3,
  spent_fen: 7_000,
  budget_fen: 10_000,
  prizes: [
    { id: 51, name: '一等奖', kind: 'bonus', amount: 5000, cost_fen: 5000, quantity: 1, issued: 1 },
    { id: 52, name: '二等奖', kind: 'bonus', amount: 1000, cost_fen: 1000, quantity: 2, issued: 2 },
  ],
});
const PENDING = kindRow({
  id: 6,
  kind: 'live_draw',
  name: '签到会员抽奖',
  status: 'draft',
  state: 'draft',
  draw_from: 'signed',
});
const WINNERS = {
  candidates: 42,
  winners: [
    { member_id: 1, member_name: '张小明', prize_name: '一等奖' },
    { member_id: 2, member_name: '李四', prize_name: '二等奖' },
    { member_id: 3, member_name: '王五', prize_name: '二等奖' },
  ],
};

describe('直播抽奖 page', { timeout: 60_000 }, () => {
  it('lists draws with time, who takes part and the draw state; 中奖名单 shows winners, masked names and the candidate count', async () => {
    mockServer((c) =>
      ends(c, 'live_draw_list')
        ? page([DRAWN, PENDING])
        : ends(c, 'live_draw_result')
          ? ok(WINNERS)
          : ok(null),
    );
    renderAt(URL, URL, <LiveDrawPage />);
    const row = (await screen.findByText('周五晚八点抽奖')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-01-16 20:00')).toBeTruthy();
    expect(within(row).getByText('开奖时在线上机的会员')).toBeTruthy();
    expect(within(row).getByText('已开奖')).toBeTruthy();
    expect(within(row).getByText('100.00 / 70.00')).toBeTruthy();
    const draft = screen.getByText('签到会员抽奖').closest('tr') as HTMLElement;
    expect(within(draft).getByText('待开奖')).toBeTruthy();
    expect(within(draft).getByText('当天已签到的会员')).toBeTruthy();
    expect(within(draft).queryByRole('button', { name: '中奖名单' })).toBeNull();
    expect(within(draft).getByRole('button', { name: '编辑' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '中奖名单' }));
    expect(await screen.findByText('中奖名单 · 周五晚八点抽奖')).toBeTruthy();
    expect(await screen.findByText('42 人')).toBeTruthy();
    expect(screen.getByText('张小明')).toBeTruthy();
    expect(screen.getByText('张**')).toBeTruthy();
    expect(screen.getByText('李*')).toBeTruthy();
    expect(screen.getAllByText('二等奖')).toHaveLength(2);
  });

  it('a save the server refuses shows its Chinese message and keeps the dialog open', async () => {
    const msg = '活动对象没有符合条件的会员';
    const saves: Record<string, string>[] = [];
    mockServer((c) => {
      if (ends(c, 'live_draw_list')) return page([]);
      if (ends(c, 'live_draw_save')) {
        saves.push(sentBody(c.data));
        return refused(msg);
      }
      return ok(null);
    });
    renderAt(URL, URL, <LiveDrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: '新建直播抽奖' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(msg));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.draw_from).toBe('online');
    expect(saves[0]!.draw_at).toMatch(/^\d{4}-\d{2}-\d{2} 21:00$/);
    // 奖励金 in fen, its cost the amount; points keep their cost
    expect(JSON.parse(saves[0]!.prizes!)).toEqual([
      { name: '一等奖', kind: 'bonus', amount: 5000, cost_fen: 5000, quantity: 1 },
      { name: '二等奖', kind: 'bonus', amount: 1000, cost_fen: 1000, quantity: 5 },
      { name: '参与奖', kind: 'points', amount: 100, cost_fen: 10, quantity: 20 },
    ]);
    await settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
