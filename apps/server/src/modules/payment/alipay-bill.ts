import { yuanToFen } from '@netbar/contract';
import JSZip from 'jszip';
import { beijingTime } from './acquirer-keys.ts';
import type { StatementLine } from './provider.ts';

/**
 * Alipay's trade bill (decision 170): `alipay.data.dataservice.bill.downloadurl.query` answers a URL to a
 * zip holding two GBK CSV files, the details (业务明细) and a summary (业务明细(汇总)). The details have
 * `#` comment lines around a header row (支付宝交易号, 商户订单号, 业务类型, 完成时间, 订单金额（元）,
 * 退款批次号/请求号 ...) and one row per trade (业务类型 交易) or refund (退款, negative amount); cells carry
 * trailing tabs. Files in UTF-8 are read too.
 */

/** GBK unless the bytes are valid UTF-8 (file names and contents). */
export function decodeBillText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

/** One CSV line, with "quoted, cells" allowed; cells trimmed of spaces and tabs. */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

const HEADER = '支付宝交易号';

/** The statement lines of a details CSV (text already decoded). */
export function parseAlipayDetails(text: string): StatementLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const at = lines.findIndex((l) => l.trim().startsWith(HEADER));
  if (at < 0) throw new Error('支付宝对账单格式错误：缺少表头');
  const head = csvCells(lines[at]!);
  const col = (name: string) => {
    const i = head.findIndex((h) => h.startsWith(name));
    if (i < 0) throw new Error(`支付宝对账单格式错误：缺少「${name}」列`);
    return i;
  };
  const [txn, no, kind, done, amount, refund] = [
    col('支付宝交易号'),
    col('商户订单号'),
    col('业务类型'),
    col('完成时间'),
    col('订单金额'),
    col('退款批次号'),
  ];
  const out: StatementLine[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const c = csvCells(line);
    const fen = yuanToFen(c[amount] ?? '');
    const when = beijingTime(c[done] ?? '');
    if (fen === undefined || !when) throw new Error(`支付宝对账单格式错误：${line.slice(0, 80)}`);
    const isRefund = c[kind] === '退款';
    out.push({
      kind: isRefund ? 'refund' : 'pay',
      at: when,
      payment_no: c[no] ?? '',
      txn_id: c[txn] ?? '',
      refund_no: isRefund ? (c[refund] ?? '') : '',
      amount_fen: Math.abs(fen),
    });
  }
  return out;
}

/** The zip Alipay serves → the details' lines (the summary file is skipped). */
export async function parseAlipayBill(zipBytes: Buffer): Promise<StatementLine[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(zipBytes, { decodeFileName: (b) => decodeBillText(b as Uint8Array) });
  } catch {
    throw new Error('支付宝对账单格式错误：不是有效的压缩包');
  }
  for (const f of Object.values(zip.files)) {
    if (f.dir || !/\.csv$/i.test(f.name)) continue;
    const text = decodeBillText(await f.async('uint8array'));
    if (text.split(/\r?\n/).some((l) => l.trim().startsWith(HEADER))) return parseAlipayDetails(text);
  }
  throw new Error('支付宝对账单格式错误：压缩包中没有业务明细');
}
