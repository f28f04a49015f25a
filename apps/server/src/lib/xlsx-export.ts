import type { FastifyReply } from 'fastify';
import { type Column, streamXlsx } from './xlsx-stream.ts';

export type XlsxColumn<Row> = Column<Row>;

/**
 * Sends rows already in memory (short lists) through the shared streaming writer (lib/xlsx-stream.ts),
 * so they share its cap and concurrency limit. `totals` becomes the last row, the same totals the
 * screen shows.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  columns: XlsxColumn<Row>[],
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

export const yuan = (fen: number) => Number((fen / 100).toFixed(2));
