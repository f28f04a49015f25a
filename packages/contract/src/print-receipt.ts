import {
  type Align,
  fieldDef,
  PAPER_COLUMNS,
  type PaperWidth,
  type PrintTemplateShape,
  type ReceiptData,
  type ReceiptTableRow,
} from './print-template';

/**
 * The receipt renderer (decision 129): a template and the data of one receipt → the lines a 58 mm (32
 * columns) or 80 mm (48 columns) thermal printer prints, every line exactly that many columns wide with a
 * CJK character counting two. Pure: the template preview and the printed receipt use it alike.
 */

export type ReceiptLineRole = 'title' | 'text' | 'rule' | 'row' | 'qr';
export interface ReceiptLine {
  /** Padded with spaces to the paper's columns (a `qr` line: blank, the printer draws the code there). */
  text: string;
  role: ReceiptLineRole;
  /** A `qr` line's content: the link the printer encodes as a QR code. */
  qr?: string;
}
export interface RenderedReceipt {
  paper_mm: PaperWidth;
  columns: number;
  lines: ReceiptLine[];
}

/** Columns a code point takes: 2 for East Asian wide and fullwidth characters, 0 for combining marks. */
export function charWidth(cp: number): number {
  if (cp === 0 || (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfe0f) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

/** Display columns of a text. */
export function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** Splits a text into pieces of at most `width` columns, never inside a character. */
export function wrapText(s: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  let w = 0;
  for (const ch of s.replace(/\t/g, ' ')) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > width && cur) {
      out.push(cur);
      cur = '';
      w = 0;
    }
    cur += ch;
    w += cw;
  }
  if (cur || !out.length) out.push(cur);
  return out;
}

/** A text of at most `width` columns placed in exactly `width` columns. */
export function alignText(s: string, width: number, align: Align): string {
  const gap = Math.max(0, width - textWidth(s));
  if (align === 'right') return ' '.repeat(gap) + s;
  if (align === 'center') {
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + s + ' '.repeat(gap - left);
  }
  return s + ' '.repeat(gap);
}

/** Cuts a text to `width` columns (a table cell that must not wrap). */
function cut(s: string, width: number): string {
  return wrapText(s, width)[0] ?? '';
}

function block(text: string, columns: number, align: Align, role: ReceiptLineRole): ReceiptLine[] {
  return text
    .split(/\r?\n/)
    .flatMap((para) => wrapText(para.trim(), columns))
    .map((t) => ({ text: alignText(t, columns, align), role }));
}

/** Column widths of a table: amount and quantity at the right, the name takes the rest. */
function tableCols(columns: number) {
  const amount = columns >= 48 ? 12 : 9;
  const qty = columns >= 48 ? 6 : 5;
  return { amount, qty, name: columns - amount - qty };
}

function table(rows: ReceiptTableRow[], columns: number): ReceiptLine[] {
  const hasQty = rows.some((r) => r.qty !== undefined);
  const c = tableCols(columns);
  const nameW = hasQty ? c.name : columns - c.amount;
  const line = (name: string, qty: string | undefined, amount: string): ReceiptLine => ({
    text:
      alignText(name, nameW, 'left') +
      (hasQty ? alignText(cut(qty ?? '', c.qty), c.qty, 'right') : '') +
      alignText(cut(amount, c.amount), c.amount, 'right'),
    role: 'row',
  });
  const out: ReceiptLine[] = [line(hasQty ? '名称' : '项目', hasQty ? '数量' : undefined, '金额')];
  for (const r of rows) {
    // a name too wide for its column prints on its own lines, its figures on the next
    if (textWidth(r.name) > nameW - 1) {
      for (const piece of wrapText(r.name, columns))
        out.push({ text: alignText(piece, columns, 'left'), role: 'row' });
      out.push(line('', r.qty, r.amount));
    } else out.push(line(r.name, r.qty, r.amount));
  }
  return out;
}

/**
 * Renders one receipt: the title centred, the header, each shown field in the template's order (a field
 * with no data is left out, e.g. 会员 on a walk-in sale), the footer. Unknown keys are ignored.
 */
export function renderReceipt(t: PrintTemplateShape, data: ReceiptData): RenderedReceipt {
  const columns = PAPER_COLUMNS[t.paper_mm];
  const lines: ReceiptLine[] = [];
  if (t.title.trim()) lines.push(...block(t.title, columns, 'center', 'title'));
  if (t.header.trim()) lines.push(...block(t.header, columns, 'center', 'text'));
  for (const field of t.fields) {
    if (!field.show) continue;
    const def = fieldDef(t.kind, field.key);
    if (!def) continue;
    if (def.shape === 'rule') {
      lines.push({ text: '-'.repeat(columns), role: 'rule' });
      continue;
    }
    const v = data[field.key];
    if (def.shape === 'qr') {
      if (typeof v !== 'string' || v.trim() === '') continue;
      const above = data[`${field.key}_text`];
      if (typeof above === 'string' && above.trim())
        lines.push(...block(above, columns, field.align, 'text'));
      lines.push({ text: ' '.repeat(columns), role: 'qr', qr: v.trim() });
      continue;
    }
    if (def.shape === 'table') {
      if (Array.isArray(v) && v.length) lines.push(...table(v, columns));
      continue;
    }
    if (typeof v !== 'string' || v.trim() === '') continue;
    lines.push(...block(def.shape === 'bare' ? v : `${def.label}：${v}`, columns, field.align, 'text'));
  }
  if (t.footer.trim()) lines.push(...block(t.footer, columns, 'center', 'text'));
  return { paper_mm: t.paper_mm, columns, lines };
}
