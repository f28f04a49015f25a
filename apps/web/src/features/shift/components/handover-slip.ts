import {
  builtinTemplate,
  fenToYuan,
  overShortLabel,
  type PrintTemplateShape,
  type ReceiptData,
  type RenderedReceipt,
  renderReceipt,
  type ShiftDetail,
  TILL_KIND_LABELS,
  TILL_KINDS,
  tillMethodLabel,
} from '@netbar/contract';

/** What the handover slip prints of a shift: the money by method, then the kinds that moved. */
export function handoverSlipData(d: ShiftDetail, storeName?: string): ReceiptData {
  const { shift, figures } = d;
  const methods = [
    ...Object.entries(figures.by_method)
      .filter(([, fen]) => fen !== 0)
      .map(([m, fen]) => ({ name: tillMethodLabel(m), amount: fenToYuan(fen) })),
    ...TILL_KINDS.filter((k) => figures.by_kind[k]).map((k) => ({
      name: `其中${TILL_KIND_LABELS[k]}`,
      amount: fenToYuan(figures.by_kind[k]),
    })),
  ];
  const os = shift.over_short_fen;
  return {
    store_name: storeName,
    shift_no: shift.shift_no,
    cashier: shift.cashier_name,
    opened_at: shift.opened_at,
    closed_at: shift.closed_at ?? '未交班',
    float: fenToYuan(shift.float_fen),
    methods,
    expected: fenToYuan(shift.expected_cash_fen ?? figures.expected_cash_fen),
    counted: shift.counted_cash_fen == null ? '未点钞' : fenToYuan(shift.counted_cash_fen),
    over_short: os == null ? '' : os === 0 ? '平账' : `${overShortLabel(os)} ${fenToYuan(Math.abs(os))}`,
    reason: shift.over_short_reason || undefined,
    next_cashier: shift.next_cashier_name || undefined,
    remark: shift.remark || undefined,
  };
}

/** The slip rendered with the store's template (or the built-in one when none could be read). */
export function renderHandoverSlip(
  d: ShiftDetail,
  storeName: string | undefined,
  template: PrintTemplateShape | null | undefined,
): RenderedReceipt {
  return renderReceipt(template ?? builtinTemplate('handover'), handoverSlipData(d, storeName));
}
