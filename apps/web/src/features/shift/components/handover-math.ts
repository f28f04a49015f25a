import { CASH_FACES_FEN, type CashCountLine, countTotalFen } from '@netbar/contract';

/** Pieces counted per face value (fen → pieces), as the handover dialog's inputs hold them. */
export type Pieces = Partial<Record<number, number | null>>;

/** The count as the server takes it: every face, pieces as whole numbers (empty = 0). */
export const countLines = (p: Pieces): CashCountLine[] =>
  CASH_FACES_FEN.map((face) => ({ face_fen: face, count: p[face] ?? 0 })) as CashCountLine[];

/** Expected against counted: over (长款) positive, short (短款) negative; a reason is needed when not 0. */
export function handoverCheck(p: Pieces, expectedFen: number) {
  const lines = countLines(p);
  const counted = countTotalFen(lines);
  const negative = lines.some((l) => l.count < 0 || !Number.isInteger(l.count));
  return { lines, counted, diff: counted - expectedFen, negative };
}
