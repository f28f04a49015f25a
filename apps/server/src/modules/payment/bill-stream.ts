import { TextDecoder } from 'node:util';
import type { StatementLine } from './provider.ts';

/**
 * Statement files read as they arrive (decision 184): bytes → text lines → statement lines → pages, so a
 * chain's day (tens of MB) is never held whole. The bills are one row per line (no cell spans lines), so a
 * line splitter and the per-line cell parser of each format are the whole streaming CSV reader.
 */

/** Lines handed to the reconciliation at a time (its staging batch). */
export const PAGE_LINES = 2_000;

/**
 * The text lines of a byte stream, without their line ends. The encoding is UTF-8 unless the first chunk
 * with a non-ASCII byte is not valid UTF-8 (then GBK, Alipay's bills): decided once, as `decodeBillText` does.
 */
export async function* textLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let dec: TextDecoder | undefined;
  let rest = '';
  for await (const chunk of chunks) {
    // ASCII reads the same in both: the encoding is decided on the first chunk that is not all ASCII
    if (!dec && chunk.every((b) => b < 0x80)) {
      const lines = (rest + Buffer.from(chunk).toString('latin1')).split(/\r?\n/);
      rest = lines.pop() ?? '';
      for (const l of lines) yield l;
      continue;
    }
    if (!dec) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(chunk, { stream: true });
        dec = new TextDecoder('utf-8');
      } catch {
        dec = new TextDecoder('gbk');
      }
    }
    const text = rest + dec.decode(chunk, { stream: true });
    const lines = text.split(/\r?\n/);
    rest = lines.pop() ?? '';
    for (const l of lines) yield l;
  }
  rest += dec?.decode() ?? '';
  if (rest) yield rest;
}

/** Statement lines grouped in pages of PAGE_LINES. */
export async function* pages(lines: AsyncIterable<StatementLine>, size = PAGE_LINES) {
  let page: StatementLine[] = [];
  for await (const l of lines) {
    page.push(l);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** Every line of the pages in one array (an adapter's `statement(day)`, for small days and tests). */
export async function collect(p: AsyncIterable<StatementLine[]>): Promise<StatementLine[]> {
  const out: StatementLine[] = [];
  for await (const page of p) for (const l of page) out.push(l);
  return out;
}
