// The workbook serializer of lib/xlsx-stream.ts, run in a worker thread (decision 065): ExcelJS's
// XML building and zipping is CPU work that, on the server's thread, kept every other request waiting
// during a large export. The server's thread reads the rows (keyset pages), computes each cell and the
// 合计 row, and posts rows here in batches; this thread writes them into ExcelJS's streaming
// WorkbookWriter and posts the xlsx bytes back as they come out.
// Plain JavaScript, so that the same file runs from the sources (vitest, tsx) and from dist/ (the build
// bundles it beside main.js).
//
// Messages in:  {type: 'start', sheet, columns: [{header, width}]} · {type: 'rows', rows: cell[][]} ·
//               {type: 'end', totals: cell[] | null}
// Messages out: {type: 'data', chunk: Uint8Array} · {type: 'ack'} (a batch of rows is written) ·
//               {type: 'done'} (after the last byte) · {type: 'error', message}
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** @type {{ wb: any, ws: any } | null} */
let job = null;

/** @param {unknown} err */
const fail = (err) => {
  job = null;
  parentPort?.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
};

parentPort?.on('message', (m) => {
  try {
    if (m.type === 'start') {
      const out = new Writable({
        write(chunk, _enc, cb) {
          const bytes = new Uint8Array(chunk); // a copy we own, handed over without another copy
          parentPort?.postMessage({ type: 'data', chunk: bytes }, [bytes.buffer]);
          cb();
        },
        final(cb) {
          parentPort?.postMessage({ type: 'done' });
          cb();
        },
      });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
        // entries deflated here, fast (level 1); the export routes skip the HTTP compression layer
        zip: { zlib: { level: 1 } },
      });
      const ws = wb.addWorksheet(m.sheet);
      ws.columns = m.columns.map((/** @type {{header: string, width: number}} */ c) => ({
        header: c.header,
        width: c.width,
      }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      job = { wb, ws };
    } else if (m.type === 'rows') {
      if (!job) return;
      for (const values of m.rows) job.ws.addRow(values).commit();
      parentPort?.postMessage({ type: 'ack' });
    } else if (m.type === 'end') {
      if (!job) return;
      const { wb, ws } = job;
      job = null;
      if (m.totals) {
        const last = ws.addRow(m.totals);
        last.font = { bold: true };
        last.commit();
      }
      ws.commit();
      wb.commit().catch(fail);
    }
  } catch (err) {
    fail(err);
  }
});
