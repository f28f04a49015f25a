import {
  builtinTemplate,
  fenToYuan,
  ORDER_PAY_METHOD_LABELS,
  type OrderDetail,
  type OrderPayMethod,
  type PrintTemplateShape,
  type ReceiptData,
  type ReceiptSiyuCode,
  type RenderedReceipt,
  renderReceipt,
  siyuReceiptData,
} from '@netbar/contract';

/**
 * The sales receipt of a paid order: its data under the print template's field keys (PRINT_FIELDS.sale),
 * rendered by the contract's `renderReceipt` with the store's default template, or the built-in one
 * when the store has none (decision 129) — the template preview and the printed receipt agree.
 */

export interface ReceiptExtra {
  store: string;
  member?: { name: string; card_mask: string; principal_fen: number; bonus_fen: number } | null;
  seat?: string;
  change_fen: number;
}

export function saleReceiptData(o: OrderDetail, x: ReceiptExtra): ReceiptData {
  const label = (m: OrderPayMethod) => ORDER_PAY_METHOD_LABELS[m] ?? m;
  const cash = o.payments.find((p) => p.method === 'cash');
  const taken = o.payments.filter((p) => p.method === 'member').reduce((s, p) => s + p.amount_fen, 0);
  const paid = o.payments.reduce(
    (s, p) => s + (p.method === 'cash' ? p.tendered_fen || p.amount_fen : p.amount_fen),
    0,
  );
  return {
    store_name: x.store,
    order_no: o.order_no,
    cashier: o.cashier_name,
    time: o.paid_at ?? o.created_at,
    seat: x.seat,
    member: x.member ? `${x.member.name}（${x.member.card_mask}）` : undefined,
    items: o.lines.map((l) => ({ name: l.name, qty: String(l.qty), amount: fenToYuan(l.total_fen) })),
    total: fenToYuan(o.total_fen),
    discount: o.discount_fen > 0 ? fenToYuan(o.discount_fen) : undefined,
    rounding: o.round_fen > 0 ? fenToYuan(o.round_fen) : undefined,
    pay_method: o.payments.map((p) => `${label(p.method)} ${fenToYuan(p.amount_fen)}`).join('，'),
    paid: fenToYuan(paid),
    change: cash && x.change_fen > 0 ? fenToYuan(x.change_fen) : undefined,
    // the balance left after this sale: what the member had when attached, less the member payment
    balance:
      x.member && taken > 0 ? fenToYuan(x.member.principal_fen + x.member.bonus_fen - taken) : undefined,
    remark: o.remark || undefined,
  };
}

/** The template as `/print_template_default` answers it: with the store's 私域 code when it prints one. */
export type PrintingTemplate = PrintTemplateShape & { siyu_code?: ReceiptSiyuCode | null };

export function saleReceipt(
  o: OrderDetail,
  x: ReceiptExtra,
  template: PrintingTemplate = builtinTemplate('sale', 58),
): RenderedReceipt {
  return renderReceipt(template, { ...saleReceiptData(o, x), ...siyuReceiptData(template.siyu_code) });
}
