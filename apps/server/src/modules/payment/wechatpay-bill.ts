import { yuanToFen } from '@netbar/contract';
import { beijingTime } from './acquirer-keys.ts';
import type { StatementLine } from './provider.ts';

/**
 * WeChat Pay's trade bill (bill_type ALL, decision 170): UTF-8 CSV, a header row (交易时间, 公众账号ID,
 * 商户号, …, 微信订单号, 商户订单号, …, 交易状态, …, 微信退款单号, 商户退款单号, 退款金额, …, 订单金额,
 * 申请退款金额, …), then one row per trade or refund whose every cell starts with a backtick, then a
 * two-line summary (总交易单数, …). Refund rows have 交易状态 REFUND. Read line by line (decision 184).
 */

const cells = (line: string) => line.split(',').map((c) => c.trim().replace(/^`/, ''));

/** The header row → the parser of one row. */
function wechatRow(headerLine: string): (line: string) => StatementLine {
  const head = cells(headerLine.replace(/^\uFEFF/, ''));
  const col = (...names: string[]) => {
    for (const n of names) {
      const i = head.indexOf(n);
      if (i >= 0) return i;
    }
    throw new Error(`微信支付对账单格式错误：缺少「${names[0]}」列`);
  };
  const [time, txn, no, state, refundNo, total, refundAsked] = [
    col('交易时间'),
    col('微信订单号'),
    col('商户订单号'),
    col('交易状态'),
    col('商户退款单号'),
    col('订单金额', '应结订单金额'),
    col('申请退款金额', '退款金额'),
  ];
  return (line) => {
    const c = cells(line);
    const isRefund = c[state] === 'REFUND';
    const fen = yuanToFen(c[isRefund ? refundAsked : total] ?? '');
    const at = beijingTime(c[time] ?? '');
    if (fen === undefined || !at) throw new Error(`微信支付对账单格式错误：${line.slice(0, 80)}`);
    return {
      kind: isRefund ? 'refund' : 'pay',
      at,
      payment_no: c[no] ?? '',
      txn_id: c[txn] ?? '',
      refund_no: isRefund ? (c[refundNo] ?? '') : '',
      amount_fen: Math.abs(fen),
    };
  };
}

/** The bill's lines as they are read: the header, then rows until the summary. */
export async function* wechatBillLines(lines: AsyncIterable<string>): AsyncGenerator<StatementLine> {
  let row: ((line: string) => StatementLine) | undefined;
  let summary = false;
  // read to the end (the summary is two lines): the file's digest is checked once it is all read
  for await (const line of lines) {
    if (summary || !line.trim()) continue;
    if (!row) {
      row = wechatRow(line);
      continue;
    }
    if (!line.startsWith('`')) summary = true;
    else yield row(line);
  }
  if (!row) wechatRow('');
}

/** The whole bill at once. */
export function parseWechatBill(text: string): StatementLine[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const row = wechatRow(lines[0] ?? '');
  const out: StatementLine[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) break;
    out.push(row(line));
  }
  return out;
}
