import type { LayoutCell } from '@netbar/contract';

/** Edits of a seat map's cells (pure: the editor keeps the draft in state). */

export type Pos = { x: number; y: number };
const key = (p: Pos) => `${p.x},${p.y}`;
export const without = (cells: LayoutCell[], p: Pos) => cells.filter((c) => c.x !== p.x || c.y !== p.y);

/** Puts `item` at `to`; whatever stood there goes back to `from` (a swap) or off the map. */
export function place(
  cells: LayoutCell[],
  item: Omit<LayoutCell, 'x' | 'y'>,
  to: Pos,
  from?: Pos,
): LayoutCell[] {
  const target = cells.find((c) => key(c) === key(to));
  let next = cells.filter(
    (c) =>
      key(c) !== key(to) &&
      !(from && key(c) === key(from)) &&
      !(item.machine_id && c.machine_id === item.machine_id),
  );
  next = [...next, { ...item, ...to }];
  if (from && target && key(from) !== key(to)) next.push({ ...target, ...from });
  return next;
}
