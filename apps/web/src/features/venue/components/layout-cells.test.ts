import type { LayoutCell } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { place, without } from './layout-cells';

const m = (x: number, y: number, id: number): LayoutCell => ({ x, y, kind: 'machine', machine_id: id });
const door = (x: number, y: number): LayoutCell => ({ x, y, kind: 'door' });
const sorted = (cells: LayoutCell[]) => [...cells].sort((a, b) => a.y - b.y || a.x - b.x);

describe('seat map edits', () => {
  it('places a palette item on an empty cell', () => {
    expect(place([], { kind: 'wall' }, { x: 1, y: 2 })).toEqual([{ kind: 'wall', x: 1, y: 2 }]);
  });

  it('a palette item on an occupied cell replaces what stood there', () => {
    expect(place([m(0, 0, 7)], { kind: 'aisle' }, { x: 0, y: 0 })).toEqual([{ kind: 'aisle', x: 0, y: 0 }]);
  });

  it('a machine placed again moves: it is never on the map twice', () => {
    const next = place([m(0, 0, 7)], { kind: 'machine', machine_id: 7 }, { x: 3, y: 1 });
    expect(next).toEqual([m(3, 1, 7)]);
  });

  it('dragging a placed cell onto another swaps them', () => {
    const next = place(
      [m(0, 0, 7), door(2, 0)],
      { kind: 'machine', machine_id: 7 },
      { x: 2, y: 0 },
      { x: 0, y: 0 },
    );
    expect(sorted(next)).toEqual([door(0, 0), m(2, 0, 7)]);
  });

  it('dropping a cell on itself changes nothing', () => {
    expect(place([door(1, 1)], { kind: 'door' }, { x: 1, y: 1 }, { x: 1, y: 1 })).toEqual([door(1, 1)]);
  });

  it('removes a cell', () => {
    expect(without([door(1, 1), m(2, 2, 3)], { x: 1, y: 1 })).toEqual([m(2, 2, 3)]);
  });
});
