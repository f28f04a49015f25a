import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number;
}

/**
 * Sends rows as an xlsx file. `totals` (label → value) becomes the last row, so the file carries the
 * same totals the screen shows.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  columns: XlsxColumn<Row>[],
  list: Row[],
  totals?: (string | number)[],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  for (const r of list) ws.addRow(columns.map((c) => c.value(r)));
  if (totals) ws.addRow(totals).font = { bold: true };
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
  return reply.send(buf);
}

export const yuan = (fen: number) => Number((fen / 100).toFixed(2));
