import { Readable } from 'node:stream';
import { yuanToFen } from '@netbar/contract';
import JSZip from 'jszip';
import { beijingTime } from './acquirer-keys.ts';
import { collect, pages, textLines } from './bill-stream.ts';
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

/** One details row → a statement line, by the header's columns. */
function alipayRow(headerLine: string): (line: string) => StatementLine {
  const head = csvCells(headerLine);
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
  return (line) => {
    const c = csvCells(line);
    const fen = yuanToFen(c[amount] ?? '');
    const when = beijingTime(c[done] ?? '');
    if (fen === undefined || !when) throw new Error(`支付宝对账单格式错误：${line.slice(0, 80)}`);
    const isRefund = c[kind] === '退款';
    return {
      kind: isRefund ? 'refund' : 'pay',
      at: when,
      payment_no: c[no] ?? '',
      txn_id: c[txn] ?? '',
      refund_no: isRefund ? (c[refund] ?? '') : '',
      amount_fen: Math.abs(fen),
    };
  };
}

/**
 * The statement lines of a details CSV, read line by line (decision 184): `#` comments until the header,
 * then the rows. `NoHeader` when the file ends without the header (the summary file).
 */
export class NoHeader extends Error {}
export async function* alipayDetails(lines: AsyncIterable<string>): AsyncGenerator<StatementLine> {
  let row: ((line: string) => StatementLine) | undefined;
  for await (const raw of lines) {
    const line = row ? raw : raw.replace(/^\uFEFF/, '');
    if (!row) {
      if (line.trim().startsWith(HEADER)) row = alipayRow(line);
      continue;
    }
    if (!line.trim() || line.startsWith('#')) continue;
    yield row(line);
  }
  if (!row) throw new NoHeader('支付宝对账单格式错误：缺少表头');
}

/** The statement lines of a details CSV (text already decoded), at once. */
export function parseAlipayDetails(text: string): StatementLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const at = lines.findIndex((l) => l.trim().startsWith(HEADER));
  if (at < 0) throw new Error('支付宝对账单格式错误：缺少表头');
  const row = alipayRow(lines[at]!);
  return lines
    .slice(at + 1)
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map(row);
}

/**
 * The zip Alipay serves → the details' lines, in pages (the summary file is skipped). The zip (compressed, a
 * fraction of the CSV) is held; the details CSV is inflated, decoded and parsed as a stream.
 */
export async function* alipayBillPages(zipBytes: Buffer): AsyncGenerator<StatementLine[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(zipBytes, { decodeFileName: (b) => decodeBillText(b as Uint8Array) });
  } catch {
    throw new Error('支付宝对账单格式错误：不是有效的压缩包');
  }
  // the details first: 业务明细.csv, not 业务明细(汇总).csv
  const files = Object.values(zip.files)
    .filter((f) => !f.dir && /\.csv$/i.test(f.name))
    .sort((a, b) => Number(a.name.includes('汇总')) - Number(b.name.includes('汇总')));
  for (const f of files) {
    // jszip's stream is an old-style one (readable-stream 2): wrapped into Node's, which is async iterable
    const stream = new Readable().wrap(f.nodeStream('nodebuffer')) as AsyncIterable<Uint8Array>;
    try {
      yield* pages(alipayDetails(textLines(stream)));
      return;
    } catch (e) {
      if (!(e instanceof NoHeader)) throw e;
    }
  }
  throw new Error('支付宝对账单格式错误：压缩包中没有业务明细');
}

/** The whole bill at once (small days, tests). */
export const parseAlipayBill = (zipBytes: Buffer) => collect(alipayBillPages(zipBytes));
