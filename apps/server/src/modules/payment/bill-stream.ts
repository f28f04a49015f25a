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
 * The text lines of a byte stream, without their line ends. The encoding is UTF-8 unless the first
 * bytes with non-ASCII in them (4 KB, or the whole file if shorter) are not valid UTF-8 (then GBK, Alipay's
 * bills): decided once, as `decodeBillText` does.
 */
export async function* textLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let dec: TextDecoder | undefined;
  let rest = '';
  // bytes held until the encoding is decided: 4 KB of text with non-ASCII bytes (or the end of the file)
  let pending: Buffer[] = [];
  let held = 0;
  const decide = (bytes: Buffer, final: boolean) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !final });
      return new TextDecoder('utf-8');
    } catch {
      return new TextDecoder('gbk');
    }
  };
  function* split(text: string) {
    const lines = (rest + text).split(/\r?\n/);
    rest = lines.pop() ?? '';
    yield* lines;
  }
  for await (const chunk of chunks) {
    if (dec) {
      yield* split(dec.decode(chunk, { stream: true }));
      continue;
    }
    // ASCII reads the same in both
    if (!held && chunk.every((b) => b < 0x80)) {
      yield* split(Buffer.from(chunk).toString('latin1'));
      continue;
    }
    pending.push(Buffer.from(chunk));
    held += chunk.length;
    if (held < 4096) continue;
    const bytes = Buffer.concat(pending);
    pending = [];
    dec = decide(bytes, false);
    yield* split(dec.decode(bytes, { stream: true }));
  }
  if (!dec && held) {
    const bytes = Buffer.concat(pending);
    dec = decide(bytes, true);
    yield* split(dec.decode(bytes, { stream: true }));
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
