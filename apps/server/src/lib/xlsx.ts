import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Builds and sends an xlsx sheet: a header row, the rows, and a bold totals row equal to the screen's totals. */
export interface Column<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number;
}

export async function xlsxBuffer<Row>(
  sheet: string,
  columns: Column<Row>[],
  list: Row[],
  totals?: (string | number)[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14 }));
  ws.getRow(1).font = { bold: true };
  for (const r of list) ws.addRow(columns.map((c) => c.value(r)));
  if (totals) ws.addRow(totals).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function sendFile(reply: FastifyReply, filename: string, buf: Buffer) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(buf);
}

/** Yuan with two decimals as a number (the sheet sums it like the screen). */
export const yuan = (fen: number) => Math.round(fen) / 100;
export const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
