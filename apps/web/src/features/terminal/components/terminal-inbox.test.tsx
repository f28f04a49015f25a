import { ConsoleKind, MessageKind, UserType, type WsOutbound } from '@netbar/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import type { LiveSocketHandlers } from '../live-socket';
import { TerminalInbox } from './terminal-inbox';

// the socket itself is live-socket.test.ts; here the frames it would pass on are fed in directly
const live = vi.hoisted(() => ({ handlers: [] as LiveSocketHandlers[], stopped: 0 }));
vi.mock('../live-socket', () => ({
  openLiveSocket: (h: LiveSocketHandlers) => {
    live.handlers.push(h);
    return { stop: () => live.stopped++ };
  },
}));

const send = (m: WsOutbound) => act(() => live.handlers.at(-1)!.onMessage(m));
const BUY: WsOutbound = {
  type: MessageKind.BUY,
  id: 31,
  machine_id: 1,
  machine: 'A001',
  payload: { items: [{ name: '可乐', qty: 2, price_fen: 300 }], total_fen: 600, remark: '' },
  created_at: '2026-01-15 20:00:00',
  acked_at: null,
  acked_by_name: '',
};
const TIP: WsOutbound = {
  type: ConsoleKind.TIP,
  id: 176,
  staff_name: '小陈',
  member_name: '冯佳',
  machine: 'A003',
  amount_fen: 500,
};
const inbox = (n: number) => screen.getByRole('button', { name: `座位订单与呼叫，${n}条待处理` });

dialogHarness();

describe('the header inbox and the live notifications', { timeout: 30_000 }, () => {
  beforeEach(() => {
    live.handlers = [];
    live.stopped = 0;
  });
  afterEach(() => useAppState.setState({ user: null }));

  it('a TIP (102) notifies 收到打赏 with staff, member, machine and amount, and never joins the pending BUY/CALL', async () => {
    useAppState.setState({ user: makeUser(UserType.NetbarStaff, { nid: 1 }) });
    const seen = mockServer((c) => (ends(c, 'terminal_message_pending') ? ok({ list: [] }) : ok(null)));
    renderAt('/home', '/home', <TerminalInbox />);
    await waitFor(() => expect(live.handlers).toHaveLength(1));
    await waitFor(() => expect(seen.some((c) => ends(c, 'terminal_message_pending'))).toBe(true));
    expect(inbox(0)).toBeTruthy();

    send(BUY);
    expect(await screen.findByText('A001 座位订单 ¥6.00')).toBeTruthy();
    await waitFor(() => expect(inbox(1)).toBeTruthy());

    send(TIP);
    expect(await screen.findByText('收到打赏 · 小陈')).toBeTruthy();
    expect(screen.getByText('冯佳（A003）打赏 ¥5.00')).toBeTruthy();
    // a tip asks nothing of the staff: the count is still the one seat order
    expect(inbox(1)).toBeTruthy();

    // a tip with no member name or machine still reads as a sentence
    send({ ...TIP, id: 177, staff_name: '孙服务', member_name: '', machine: '', amount_fen: 12345 });
    expect(await screen.findByText('收到打赏 · 孙服务')).toBeTruthy();
    expect(screen.getByText('会员打赏 ¥123.45')).toBeTruthy();

    send({ type: MessageKind.BUY_DONE, id: 31, acked_at: '2026-01-15 20:01:00', acked_by_name: '小陈' });
    await waitFor(() => expect(inbox(0)).toBeTruthy());
  });

  it('a DRAW (103) announces the live draw with its winners (decision 180)', async () => {
    useAppState.setState({ user: makeUser(UserType.Netbar, { nid: 1 }) });
    mockServer((c) => (ends(c, 'terminal_message_pending') ? ok({ list: [] }) : ok(null)));
    renderAt('/home', '/home', <TerminalInbox />);
    await waitFor(() => expect(live.handlers).toHaveLength(1));
    send({
      type: ConsoleKind.DRAW,
      activity_id: 5,
      name: '周末直播抽奖',
      drawn_at: '2026-01-16 21:00:00',
      candidates: 18,
      winners: [
        { member_id: 1, member_name: '张小明', prize_name: '一等奖' },
        { member_id: 2, member_name: '李四', prize_name: '二等奖' },
      ],
    });
    expect(await screen.findByText('直播抽奖开奖 · 周末直播抽奖')).toBeTruthy();
    expect(screen.getByText('张小明：一等奖；李四：二等奖')).toBeTruthy();
  });

  it('opens no channel for a user who is not a store’s (an agent) or a netbar without a current store', async () => {
    mockServer(() => ok({ list: [] }));
    useAppState.setState({ user: makeUser(UserType.Agent, { nid: 1 }) });
    const agent = renderAt('/home', '/home', <TerminalInbox />);
    useAppState.setState({ user: makeUser(UserType.Netbar, { nid: 0 }) });
    renderAt('/home', '/home', <TerminalInbox />);
    await new Promise((r) => setTimeout(r, 50));
    expect(live.handlers).toHaveLength(0);
    expect(screen.queryByTestId('terminal-inbox')).toBeNull();
    agent.unmount();
  });
});
