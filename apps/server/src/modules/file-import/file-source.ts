import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { BadInputError } from '../../lib/errors.ts';

/**
 * The uploaded file, read as a stream of rows (arrays of cell text) so a 1,000,000-row export never
 * sits in memory: csv through csv-parse, xlsx through ExcelJS's streaming WorkbookReader. What the
 * file is comes from its first bytes, never from its name (decision 190).
 */

export type FileFormat = 'xlsx' | 'csv';
export interface Sniffed {
  format: FileFormat;
  encoding: 'utf8' | 'gbk';
}

export const NOT_A_SHEET = '文件不是xlsx或csv表格，请上传原系统导出的xlsx或csv文件';

/** Valid UTF-8 up to a sequence the sample cut at its end. */
function isUtf8(b: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    for (let cut = 1; cut <= 3 && cut < b.length; cut++) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, b.length - cut));
        return true;
      } catch {}
    }
    return false;
  }
}

/** What the first 64 KB say: zip (xlsx), old binary xls (refused), text (csv, UTF-8 or GBK), or nothing. */
export async function sniff(path: string): Promise<Sniffed> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const b = buf.subarray(0, bytesRead);
    if (!b.length) throw new BadInputError('文件为空，请检查导出的文件');
    if (b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
      return { format: 'xlsx', encoding: 'utf8' };
    if (b.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
      throw new BadInputError('不支持旧版xls文件，请在Excel中另存为xlsx或csv后再上传');
    if (b.includes(0)) throw new BadInputError(NOT_A_SHEET);
    return { format: 'csv', encoding: isUtf8(b) ? 'utf8' : 'gbk' };
  } finally {
    await fh.close();
  }
}

/** Decodes a byte stream as GBK, characters cut between chunks included. */
function gbkDecoder(): Transform {
  const d = new TextDecoder('gbk');
  return new Transform({
    transform(chunk: Buffer, _e, cb) {
      cb(null, d.decode(chunk, { stream: true }));
    },
    flush(cb) {
      cb(null, d.decode());
    },
  });
}

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText)
      return o.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return String(o.text).trim();
    return '';
  }
  return String(v).trim();
};

async function* csvRows(path: string, s: Sniffed): AsyncGenerator<string[]> {
  const raw = createReadStream(path, { highWaterMark: 256 * 1024 });
  const text = s.encoding === 'gbk' ? raw.pipe(gbkDecoder()) : raw.setEncoding('utf8');
  const parser = text.pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }),
  );
  for await (const rec of parser as AsyncIterable<string[]>) yield rec;
}

async function* xlsxRows(path: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const ws of reader) {
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      const vals = row.values as unknown[];
      const out: string[] = [];
      for (let i = 1; i < vals.length; i++) out.push(cellText(vals[i]));
      if (out.some((c) => c !== '')) yield out;
    }
    return; // the first sheet only
  }
}

/** Every row of the file, the header row first; a file that cannot be read is bad input. */
export async function* fileRows(path: string, s: Sniffed): AsyncGenerator<string[]> {
  try {
    yield* s.format === 'xlsx' ? xlsxRows(path) : csvRows(path, s);
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw new BadInputError(s.format === 'xlsx' ? '文件无法读取：不是有效的xlsx表格' : NOT_A_SHEET);
  }
}

/** The header row (the first non-empty row), or a Chinese refusal when the file has none. */
export async function readHeader(path: string, s: Sniffed): Promise<string[]> {
  const it = fileRows(path, s);
  try {
    const first = await it.next();
    if (first.done || !first.value.some((c) => c !== ''))
      throw new BadInputError('文件为空，请检查导出的文件');
    return first.value;
  } finally {
    await it.return(undefined);
  }
}
