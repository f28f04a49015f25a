import { z } from 'zod';
import { jsonArray, selectedIds } from './goods';
import { ID_MAX, pageQuery } from './validation/fields';
import {
  emptyToUndefined,
  intField,
  intWithDefault,
  numberFromForm,
  optional,
  text,
} from './validation/helpers';

/** Venue (issue 12 items 1, 2, 5): areas, machines, the seat map and seat reservations. */

export const MACHINE_STATES = ['空闲', '上机中', '离线', '预订', '故障', '停用'] as const;
export type MachineState = (typeof MACHINE_STATES)[number];
/** States staff set by hand; 上机中, 离线 and 预订 come from sessions, the terminal and reservations. */
export const MANUAL_MACHINE_STATES = ['空闲', '故障', '停用'] as const;

export const CELL_KINDS = ['machine', 'aisle', 'counter', 'door', 'wall'] as const;
export type CellKind = (typeof CELL_KINDS)[number];
export const CELL_KIND_LABEL: Record<CellKind, string> = {
  machine: '机器',
  aisle: '过道',
  counter: '吧台',
  door: '门',
  wall: '墙',
};

export const VENUE_LIMITS = {
  /** Machines added by one bulk add. */
  bulkMax: 200,
  /** Machines of one store. */
  storeMachinesMax: 1000,
  areasMax: 30,
  gridMin: 4,
  gridMax: 40,
  holdMinutesMin: 5,
  holdMinutesMax: 120,
} as const;

const optId = z.preprocess(
  (v) => numberFromForm(emptyToUndefined(v)),
  z
    .number({ error: '参数错误' })
    .int({ error: '参数错误' })
    .min(1, { error: '参数错误' })
    .max(ID_MAX, { error: '参数错误' })
    .optional(),
);
const areaId = intField('请选择区域', 1, ID_MAX);

export const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;
export const COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export const MACHINE_NAME_PATTERN = /^[A-Za-z0-9\u4e00-\u9fa5_-]{1,20}$/;
/** MACs are kept upper case with colons. */
export const normaliseMac = (m: string) => m.toUpperCase().replaceAll('-', ':');

export const machineIpField = optional(
  z
    .string({ error: 'IP地址格式不正确，如 192.168.1.101' })
    .trim()
    .regex(IPV4_PATTERN, { error: 'IP地址格式不正确，如 192.168.1.101' }),
);
export const machineMacField = optional(
  z
    .string({ error: 'MAC地址格式不正确，如 00:1A:2B:3C:4D:5E' })
    .trim()
    .regex(MAC_PATTERN, { error: 'MAC地址格式不正确，如 00:1A:2B:3C:4D:5E' })
    .transform(normaliseMac),
);

// areas
export const venueAreaSaveBody = z.object({
  id: optId,
  name: text('区域名称为1-20个字符', 1, 20),
  colour: optional(text('颜色格式不正确，如 #1677FF', 7, 7, COLOUR_PATTERN)),
  sort: intWithDefault('排序须为0-9999的整数', 0, 9999, 0),
});
export type VenueAreaSaveBody = z.infer<typeof venueAreaSaveBody>;

export interface VenueAreaRow {
  id: number;
  name: string;
  colour: string;
  sort: number;
  machines: number;
}

// machines
export const machineListQuery = pageQuery.extend({
  area_id: optional(intField('参数错误', 1, ID_MAX)),
  state: optional(z.enum(MACHINE_STATES, { error: '机器状态不正确' })),
  keyword: optional(z.string().trim().max(30, { error: '关键字最多30个字符' })),
});
export type MachineListQuery = z.infer<typeof machineListQuery>;

export const machineSaveBody = z.object({
  id: optId,
  name: text('机器名称为1-20个字符（字母、数字、汉字、-、_）', 1, 20, MACHINE_NAME_PATTERN),
  area_id: areaId,
  ip: machineIpField,
  mac: machineMacField,
  hardware_note: optional(text('硬件备注最多100个字符', 1, 100)),
});
export type MachineSaveBody = z.infer<typeof machineSaveBody>;

export const machineBulkBody = z
  .object({
    area_id: areaId,
    prefix: optional(text('前缀为1-6个字母、数字或汉字', 1, 6, /^[A-Za-z0-9\u4e00-\u9fa5]+$/)),
    start: intField('起始编号须为0-9999的整数', 0, 9999),
    end: intField('结束编号须为0-9999的整数', 0, 9999),
    digits: intWithDefault('编号位数须为1-4', 1, 4, 3),
  })
  .refine((v) => v.end >= v.start, { error: '结束编号不能小于起始编号', path: ['end'] })
  .refine((v) => v.end - v.start < VENUE_LIMITS.bulkMax, {
    error: `一次最多添加${VENUE_LIMITS.bulkMax}台机器`,
    path: ['end'],
  });
export type MachineBulkBody = z.infer<typeof machineBulkBody>;

/** A1 … A060: the names a bulk add makes. */
export const bulkNames = (v: Pick<MachineBulkBody, 'prefix' | 'start' | 'end' | 'digits'>) =>
  Array.from(
    { length: v.end - v.start + 1 },
    (_, i) => `${v.prefix ?? ''}${String(v.start + i).padStart(v.digits, '0')}`,
  );

export const machineMoveBody = z.object({ ids: selectedIds, area_id: areaId });
export const machineStateBody = z.object({
  ids: selectedIds,
  state: z.enum(MANUAL_MACHINE_STATES, { error: '只能设为空闲、故障或停用' }),
});

/** Filled by the session domain once sessions exist (null until then); never sent to the public map. */
export interface SeatSession {
  member_name: string;
  started_at: string;
  elapsed_minutes: number;
  balance_fen: number;
  /** Free online minutes the member still holds (decision 109). */
  free_minutes?: number;
}

export interface MachineRow {
  id: number;
  name: string;
  area_id: number;
  area_name: string;
  ip: string;
  mac: string;
  hardware_note: string;
  state: MachineState;
  state_at: string;
  created_at: string;
}

// seat layout
export const seatCellSchema = z.object({
  x: z
    .number({ error: '坐标须为整数' })
    .int({ error: '坐标须为整数' })
    .min(0, { error: '坐标超出网格' })
    .max(VENUE_LIMITS.gridMax - 1, { error: '坐标超出网格' }),
  y: z
    .number({ error: '坐标须为整数' })
    .int({ error: '坐标须为整数' })
    .min(0, { error: '坐标超出网格' })
    .max(VENUE_LIMITS.gridMax - 1, { error: '坐标超出网格' }),
  kind: z.enum(CELL_KINDS, { error: '格子类型不正确' }),
  machine_id: z
    .number({ error: '参数错误' })
    .int({ error: '参数错误' })
    .min(1, { error: '参数错误' })
    .max(ID_MAX, { error: '参数错误' })
    .optional(),
});
export type LayoutCell = z.infer<typeof seatCellSchema>;

const gridSize = (label: string) =>
  intField(
    `${label}须为${VENUE_LIMITS.gridMin}-${VENUE_LIMITS.gridMax}的整数`,
    VENUE_LIMITS.gridMin,
    VENUE_LIMITS.gridMax,
  );

export const layoutSaveBody = z.object({
  area_id: areaId,
  /** The version the editor loaded (0: none yet); someone else's save in between → 40009. */
  base_version: intField('参数错误', 0, ID_MAX),
  cols: gridSize('列数'),
  rows: gridSize('行数'),
  cells: jsonArray(seatCellSchema, '格子数据不正确').refine(
    (a) => a.length <= VENUE_LIMITS.gridMax * VENUE_LIMITS.gridMax,
    { error: '格子数量超出上限' },
  ),
});
export type LayoutSaveBody = z.infer<typeof layoutSaveBody>;

export interface SeatLayout {
  area_id: number;
  version: number;
  cols: number;
  rows: number;
  cells: LayoutCell[];
  saved_by: string;
  saved_at: string | null;
}

/** One area of the live map (/diagram_detail): the layout with each machine cell's state. */
export interface LiveSeat {
  id: number;
  name: string;
  state: MachineState;
  ip: string;
  reservation: { id: number; expires_at: string; name: string; mobile: string } | null;
  session: SeatSession | null;
}
export interface LiveArea {
  id: number;
  name: string;
  colour: string;
  version: number;
  cols: number;
  rows: number;
  cells: LayoutCell[];
  seats: LiveSeat[];
  /** Machines of the area that are not placed on its map. */
  unplaced: number;
}
