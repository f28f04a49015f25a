import {
  type BuyPayload,
  type CallPayload,
  fenToYuan,
  MessageKind,
  type TerminalMessageRow,
} from '@netbar/contract';

/** The words a notification and the pending list show for a seat order or a call. */
export function describeMessage(m: TerminalMessageRow): { tag: string; title: string; detail: string } {
  if (m.kind === MessageKind.BUY) {
    const p = m.payload as BuyPayload;
    const items = p.items.map((i) => `${i.name}×${i.qty}`).join('、');
    return {
      tag: '座位订单',
      title: `${m.machine} 座位订单 ¥${fenToYuan(p.total_fen)}`,
      detail: p.remark ? `${items}（备注：${p.remark}）` : items,
    };
  }
  return { tag: '呼叫', title: `${m.machine} 呼叫网管`, detail: (m.payload as CallPayload).content };
}
