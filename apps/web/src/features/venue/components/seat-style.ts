import type { CellKind, MachineState } from '@netbar/contract';
import type { CSSProperties } from 'react';
import { THEME } from '../../../app/theme';

/**
 * Colours of the seat map: one per machine state, one look per fixture. The state colours are the
 * theme's AA tokens (docs/decisions/071, 072): white text on each reads at 4.5:1 or more, and the six
 * states stay apart by hue (green, blue, orange, red) or by look (离线 a light grey tile, 停用 near-black).
 */
const T = THEME.token ?? {};

/** Solid colour of a state: tag background, legend dot, tile background (white text ≥ 4.5:1 on each). */
export const STATE_COLOUR: Record<MachineState, string> = {
  空闲: T.colorSuccess ?? '#237804',
  上机中: T.colorPrimary ?? '#1261d6',
  离线: '#6b6b6b',
  预订: T.orange7 ?? '#ad4e00',
  故障: T.colorError ?? '#cf1322',
  停用: '#262626',
};

/** How a machine tile of a state looks: 离线 a light grey tile with dark text (7.7:1), the rest solid. */
export function seatLook(state: MachineState): CSSProperties {
  if (state === '离线') return { background: '#d9d9d9', color: 'rgba(0, 0, 0, 0.72)' };
  return { background: STATE_COLOUR[state], color: '#fff' };
}

export const FIXTURE_STYLE: Record<Exclude<CellKind, 'machine'>, CSSProperties & { label: string }> = {
  aisle: { label: '', background: '#f5f5f5', border: '1px dashed #d9d9d9' },
  counter: { label: '吧台', background: T.gold7 ?? '#874d00', color: '#fff' },
  door: { label: '门', background: T.cyan7 ?? '#006d75', color: '#fff' },
  wall: { label: '', background: '#434343' },
};

export const CELL_PX = 56;
export const CELL_GAP = 4;
