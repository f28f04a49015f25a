import type { CellKind, MachineState } from '@netbar/contract';
import type { CSSProperties } from 'react';

/** Colours of the seat map: one per machine state, one look per fixture. */

export const STATE_COLOUR: Record<MachineState, string> = {
  空闲: '#52c41a',
  上机中: '#1677ff',
  离线: '#bfbfbf',
  预订: '#fa8c16',
  故障: '#f5222d',
  停用: '#595959',
};

export const FIXTURE_STYLE: Record<Exclude<CellKind, 'machine'>, CSSProperties & { label: string }> = {
  aisle: { label: '', background: '#f5f5f5', border: '1px dashed #d9d9d9' },
  counter: { label: '吧台', background: '#d4b106', color: '#fff' },
  door: { label: '门', background: '#13c2c2', color: '#fff' },
  wall: { label: '', background: '#434343' },
};

export const CELL_PX = 56;
export const CELL_GAP = 4;
