import { reportPeriodQuery } from './report-query';

/**
 * 上机统计 (/operating_statements/computer_statistics, 240), a dashboard over business days start..end
 * of one store or every store the caller reads (a chain head's chain): live occupancy now, an
 * occupancy heat map by hour × weekday, utilisation by area and machine with idle machines flagged,
 * sessions, average session length, online fees per machine, and new against returning members.
 */
export const computerStatisticsQuery = reportPeriodQuery;

/** Live now: machines in use (上机中), online (空闲, 上机中, 预订: the client is up), in service (all but 停用). */
export interface MachineLive {
  in_use: number;
  online: number;
  total: number;
}

export interface ComputerMachineRow {
  store_id: number;
  store_name: string;
  machine_id: number;
  name: string;
  area_name: string;
  /** The machine's state now. */
  state: string;
  /** Sessions started in the period. */
  sessions: number;
  /** Minutes in use within the period (sessions clipped to it). */
  minutes: number;
  /** Average length of the sessions started in the period, minutes (0 without sessions). */
  avg_minutes: number;
  /** Online fees charged in the period for sessions at this machine (balance spent), fen. */
  fee_fen: number;
  /** minutes / the period's minutes (to now for today), 0..1. */
  utilisation: number;
  /** No session in the period. */
  idle: boolean;
}

export interface ComputerAreaRow {
  store_id: number;
  store_name: string;
  area_name: string;
  machines: number;
  idle_machines: number;
  sessions: number;
  minutes: number;
  fee_fen: number;
  utilisation: number;
}

export interface ComputerMemberDay {
  day: string;
  new_members: number;
  returning_members: number;
}

export interface ComputerStatistics {
  stores: { id: number; name: string }[];
  live: MachineLive;
  summary: {
    machines: number;
    idle_machines: number;
    sessions: number;
    avg_minutes: number;
    fee_fen: number;
    /** fee_fen / machines, fen. */
    fee_per_machine_fen: number;
    utilisation: number;
  };
  /** [hour 0-23, weekday 0-6 (周一..周日), occupancy percent 0-100 with one decimal]. */
  heatmap: [number, number, number][];
  areas: ComputerAreaRow[];
  machines: ComputerMachineRow[];
  /** Members with a session in the period: new (joined within it) and returning; and per business day. */
  members: { new_members: number; returning_members: number; days: ComputerMemberDay[] };
}

/** The heat map's rows, ISO order (Monday first). */
export const HEATMAP_WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
