/**
 * Money is integer fen everywhere; these are the only conversions to and from yuan (decision 080).
 * Integer arithmetic only, so every caller rounds the same way.
 */

/** fen → '1,234.56' yuan, for text a person reads. */
export function fenToYuan(fen: number): string {
  const f = Math.round(fen);
  const sign = f < 0 ? '-' : '';
  const abs = Math.abs(f);
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** fen → '1234.56' yuan without grouping, for form inputs and plain text fields. */
export const fenToYuanPlain = (fen: number): string => fenToYuan(fen).replace(/,/g, '');

/** fen → 1234.56 as a number, for spreadsheet cells and charts (exact to the fen). */
export const fenToYuanNumber = (fen: number): number => Math.round(fen) / 100;

/** A form's yuan number (antd InputNumber, two decimals) → fen; empty → 0. */
export function yuanInputToFen(y: number | null | undefined): number {
  const v = y ?? 0;
  return yuanToFen(v) ?? Math.round(v * 100);
}

/** '12.34' yuan → 1234 fen; undefined when not a valid amount with at most two decimals. */
export function yuanToFen(v: string | number): number | undefined {
  const s = String(v).trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return undefined;
  const [i, d = ''] = s.replace('-', '').split('.');
  const fen = Number(i) * 100 + Number(d.padEnd(2, '0'));
  return s.startsWith('-') ? -fen : fen;
}
