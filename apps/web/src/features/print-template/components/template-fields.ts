import { type Align, fieldDef, PRINT_FIELDS, type PrintField, type PrintKind } from '@netbar/contract';

/** Pure edits of a template's field list (the editor's rows; the preview re-renders from the result). */

/** Moves the row at `i` up (-1) or down (+1); out of range leaves the list as it is. */
export function moveField(list: readonly PrintField[], i: number, by: -1 | 1): PrintField[] {
  const j = i + by;
  if (i < 0 || j < 0 || i >= list.length || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

export const setField = (
  list: readonly PrintField[],
  i: number,
  patch: Partial<Pick<PrintField, 'show' | 'align'>>,
) => list.map((f, k) => (k === i ? { ...f, ...patch } : f));

/** Another dashed line after row `i` (a 分隔线 may appear several times). */
export const addDivider = (list: readonly PrintField[], i: number): PrintField[] => [
  ...list.slice(0, i + 1),
  { key: 'divider', show: true, align: 'left' as Align },
  ...list.slice(i + 1),
];

/** Only a divider can be removed; other fields are hidden instead. */
export const removeField = (list: readonly PrintField[], i: number): PrintField[] =>
  list[i]?.key === 'divider' ? list.filter((_, k) => k !== i) : [...list];

/** The kind's fields a saved template lacks (added to the contract later) appended hidden, so each can be placed. */
export function withAllFields(kind: PrintKind, list: readonly PrintField[]): PrintField[] {
  const have = new Set(list.map((f) => f.key));
  const missing = PRINT_FIELDS[kind]
    .filter((d) => !have.has(d.key))
    .map((d) => ({ key: d.key, show: false, align: 'left' as Align }));
  return [...list.filter((f) => fieldDef(kind, f.key)), ...missing];
}

export const fieldLabel = (kind: PrintKind, key: string) => fieldDef(kind, key)?.label ?? key;
