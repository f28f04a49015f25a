import {
  type BroadcastEvent,
  type BuyPayload,
  type CallPayload,
  ConsoleKind,
  fenToYuan,
  MessageKind,
  maskPersonName,
  type WsOutbound,
} from '@netbar/contract';

/** One announcement a live-channel frame asks for: the event, its variables, the machine to look up. */
export interface Announcement {
  event: BroadcastEvent;
  vars: Record<string, string>;
  /** The machine whose online member fills {会员名} (looked up only when the template uses it). */
  machineId: number | null;
  /** The header's inbox already chimes for it (seat orders and calls): no second chime without a voice. */
  chimed?: boolean;
}

/** '可乐2份、薯片1份': the items of a seat order as they are spoken. */
export const spokenItems = (items: BuyPayload['items']) => items.map((i) => `${i.name}${i.qty}份`).join('、');

/**
 * What the console announces for a frame (decision 189): a seat order (BUY), a call (CALL), a live draw's
 * winners (DRAW, one announcement each), 余额不足 (BALANCE_LOW) and a member's birthday at logon (BIRTHDAY).
 * Everything else says nothing.
 */
export function announcementsOf(m: WsOutbound): Announcement[] {
  switch (m.type) {
    case MessageKind.BUY: {
      const p = m.payload as BuyPayload;
      return [
        {
          event: 'seat_order',
          vars: { 机器号: m.machine, 商品: spokenItems(p.items), 金额: `${fenToYuan(p.total_fen)}元` },
          machineId: m.machine_id,
          chimed: true,
        },
      ];
    }
    case MessageKind.CALL:
      return [
        {
          event: 'service_call',
          vars: { 机器号: m.machine, 内容: (m.payload as CallPayload).content },
          machineId: m.machine_id,
          chimed: true,
        },
      ];
    case ConsoleKind.DRAW:
      return m.winners.map((w) => ({
        event: 'draw_winner',
        vars: { 会员名: maskPersonName(w.member_name), 活动名: m.name, 奖品: w.prize_name, 机器号: '' },
        machineId: null,
      }));
    case ConsoleKind.BALANCE_LOW:
      return [
        {
          event: 'balance_low',
          vars: { 机器号: m.machine, 会员名: m.member_name, 剩余分钟: String(m.minutes_left) },
          machineId: null,
        },
      ];
    case ConsoleKind.BIRTHDAY:
      return [{ event: 'birthday', vars: { 机器号: m.machine, 会员名: m.member_name }, machineId: null }];
    default:
      return [];
  }
}
