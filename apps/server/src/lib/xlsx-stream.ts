import { PassThrough } from 'node:stream';
import { fenToYuanNumber } from '@netbar/contract';
import type { FastifyReply } from 'fastify';
import { BadInputError, TooManyError } from './errors.ts';
import { type Cell, prewarm, startWorkbook } from './xlsx-worker-client.ts';

/**
 * The one xlsx export writer (decisions 062, 065): ExcelJS's streaming WorkbookWriter, run in a worker
 * thread (lib/xlsx-worker.mjs), piped to the reply while rows arrive page by page, so the first byte
 * leaves early, memory stays flat and this thread stays free for other requests. The 合计 row
 * is computed from the rows written; above the cap the export is refused with a message before the
 * first byte (never cut short); a process streams at most exportLimits.concurrent exports at once.
 * The server's only workbook writer: short in-memory lists go through `sendXlsx`, prebuilt files
 * through `sendFile`. Money cells are yuan from the contract's `fenToYuanNumber`.
 */

export interface Column<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number;
  /** The 合计 row sums this column over the rows written (in hundredths: exact for yuan and counts). */
  sum?: boolean;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows one export may hold, and exports one process streams at once (tests lower them). */
export const exportLimits = { rows: 200_000, concurrent: 2 };
let running = 0;
/** Exports streaming right now in this process (tests, bench). */
export const exportsRunning = () => running;

export interface StreamOptions<Row> {
  filename: string;
  sheet?: string;
  columns: Column<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  /** Rows the export will hold, counted at most up to cap + 1; above the cap it is refused. */
  count?: () => Promise<number>;
  cap?: number;
  /** Text of the 合计 row's first cell (default 合计). */
  totalLabel?: (written: number) => string;
  /**
   * The last row instead of the default one: fixed (the screen's totals of a report), built from what
   * was written (`rows`, and `sum(i)` of a `sum` column i), or null for none.
   */
  totalsRow?: Cell[] | null | ((w: { rows: number; sum: (column: number) => number }) => Cell[]);
}

export const tooManyRows = (cap: number) =>
  new BadInputError(`导出数据超过${cap}条，请缩小查询范围（如缩短日期区间）后分批导出`);

/** Rows handed to the worker at once. */
const BATCH = 1000;

export async function streamXlsx<Row>(reply: FastifyReply, o: StreamOptions<Row>): Promise<FastifyReply> {
  const cap = o.cap ?? exportLimits.rows;
  if (running >= exportLimits.concurrent) throw new TooManyError('正在进行的导出较多，请稍后再试');
  running++;
  let handedOff = false;
  try {
    prewarm(exportLimits.concurrent);
    if (o.count && (await o.count()) > cap) throw tooManyRows(cap);
    const src = o.rows;
    const it: AsyncIterator<Row> | Iterator<Row> =
      Symbol.asyncIterator in src
        ? (src as AsyncIterable<Row>)[Symbol.asyncIterator]()
        : (src as Iterable<Row>)[Symbol.iterator]();
    // the first page is read before the first byte: its failure is still an ordinary error answer
    const first = await it.next();
    const out = new PassThrough();
    // the workbook is serialized in a worker thread; this thread only reads rows and computes cells
    const job = startWorkbook(
      out,
      o.sheet ?? 'Sheet1',
      o.columns.map((c) => ({ header: c.header, width: c.width ?? 16 })),
      exportLimits.concurrent,
    );
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(o.filename)}`);
    let aborted = false;
    reply.raw.once('close', () => {
      aborted = !reply.raw.writableFinished;
    });
    const pump = async () => {
      const sums = o.columns.map(() => 0);
      let written = 0;
      let batch: Cell[][] = [];
      for (let step = first; !step.done; step = await it.next()) {
        const r = step.value;
        if (aborted) throw new Error('export aborted by the client');
        if (++written > cap) throw tooManyRows(cap);
        const values = o.columns.map((c) => c.value(r));
        o.columns.forEach((c, i) => {
          if (c.sum) sums[i]! += Math.round((Number(values[i]) || 0) * 100);
        });
        batch.push(values);
        if (batch.length >= BATCH) {
          await job.rows(batch);
          batch = [];
        }
      }
      if (batch.length) await job.rows(batch);
      const label = o.totalLabel ? o.totalLabel(written) : '合计';
      const sum = (i: number) => fenToYuanNumber(sums[i] ?? 0);
      const totals =
        typeof o.totalsRow === 'function'
          ? o.totalsRow({ rows: written, sum })
          : o.totalsRow !== undefined
            ? o.totalsRow
            : o.columns.map((c, i) => (i === 0 ? label : c.sum ? sum(i) : ''));
      await job.end(totals);
    };
    handedOff = true;
    pump()
      .catch((err: unknown) => {
        reply.log.warn({ err: (err as Error).message }, 'xlsx export stopped');
        job.abort();
        out.destroy(err as Error);
      })
      .finally(() => {
        running--;
        // a page iterator left half-way (abort, cap) releases what it holds
        void it.return?.();
      });
    return reply.send(out);
  } finally {
    if (!handedOff) running--;
  }
}

/**
 * Sends rows already in memory (short lists) through the same writer, so they share its cap and
 * concurrency limit. `totals` becomes the last row, the same totals the screen shows.
 */
export function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  columns: Column<Row>[],
  list: Row[],
  totals?: (string | number)[],
) {
  return streamXlsx(reply, {
    filename,
    columns,
    rows: list,
    count: async () => list.length,
    totalsRow: totals ?? null,
  });
}

/** Sends a workbook built elsewhere (the goods import template and list) as a download. */
export function sendFile(reply: FastifyReply, filename: string, buf: Buffer) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(buf);
}
