import type { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * The server-thread side of lib/xlsx-worker.mjs (decision 065): hands a workbook's rows to a worker
 * thread in batches and writes the bytes it sends back into `out`. At most one batch is in the worker
 * while the next is prepared here, and no batch is sent while `out` is full, so memory stays flat end to
 * end. Idle workers are kept (up to `keep`) for the next export; one that failed is terminated.
 */

/** The same file name beside this module: src/lib in the sources, dist/ in the bundle (build.mjs). */
const WORKER_URL = new URL('./xlsx-worker.mjs', import.meta.url);
const idle: Worker[] = [];

function spawn() {
  const w = new Worker(WORKER_URL);
  w.unref(); // an idle worker never keeps the process alive
  // one that dies while idle is not handed out again
  w.once('exit', () => {
    const i = idle.indexOf(w);
    if (i >= 0) idle.splice(i, 1);
  });
  return w;
}

/**
 * Starts a worker ahead of need when none is idle (at most `keep`): called as an export begins, so the
 * worker loads ExcelJS while the export counts and reads its first page.
 */
export function prewarm(keep: number) {
  if (!idle.length && keep > 0) idle.push(spawn());
}

export type Cell = string | number;

export interface WorkbookJob {
  /** Sends rows; resolves when the worker may take the next batch. */
  rows(batch: Cell[][]): Promise<void>;
  /** Adds the last row (bold), closes the workbook; resolves after its last byte reached `out`. */
  end(totals: Cell[] | null): Promise<void>;
  /** Stops: the worker is terminated, not kept. */
  abort(): void;
}

const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

export function startWorkbook(
  out: PassThrough,
  sheet: string,
  columns: { header: string; width: number }[],
  keep: number,
): WorkbookJob {
  const worker = idle.pop() ?? spawn();
  let failed: Error | undefined;
  let acked: (() => void) | undefined;
  let inWorker: Promise<void> = Promise.resolve();
  let finished: { resolve: () => void; reject: (e: Error) => void } | undefined;
  const stop = (err: Error) => {
    if (failed) return;
    failed = err;
    detach();
    void worker.terminate();
    acked?.();
    finished?.reject(err);
  };
  const onMessage = (m: { type: string; chunk?: Uint8Array; message?: string }) => {
    if (m.type === 'data' && m.chunk) {
      if (!out.destroyed) out.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
    } else if (m.type === 'ack') {
      const a = acked;
      acked = undefined;
      a?.();
    } else if (m.type === 'done') {
      detach();
      if (idle.length < keep) idle.push(worker);
      else void worker.terminate();
      out.end();
      finished?.resolve();
    } else if (m.type === 'error') stop(new Error(m.message ?? 'xlsx worker failed'));
  };
  const onError = (e: Error) => stop(e);
  const onExit = () => stop(new Error('xlsx worker exited'));
  const detach = () => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage({ type: 'start', sheet, columns });
  return {
    async rows(batch) {
      await inWorker;
      if (out.writableNeedDrain) await drained(out);
      if (failed) throw failed;
      inWorker = new Promise<void>((resolve) => {
        acked = resolve;
      });
      worker.postMessage({ type: 'rows', rows: batch });
    },
    async end(totals) {
      await inWorker;
      if (failed) throw failed;
      const done = new Promise<void>((resolve, reject) => {
        finished = { resolve, reject };
      });
      worker.postMessage({ type: 'end', totals });
      return done;
    },
    abort: () => stop(new Error('export aborted')),
  };
}
