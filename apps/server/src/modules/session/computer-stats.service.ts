import type {
  ComputerAreaRow,
  ComputerMachineRow,
  ComputerStatistics,
  ReportPeriodQuery,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { reportChoice, type TenantScope } from '../../tenant/index.ts';
import { refreshedReader } from '../report/index.ts';
import { machineFigures, machineLive, memberMix, occupancyHeatmap } from './computer-stats.repo.ts';

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/** Areas and the whole period from the machine rows: every figure on the page adds up from one read. */
export function areasOf(machines: ComputerMachineRow[]): ComputerAreaRow[] {
  const by = new Map<string, ComputerAreaRow & { util: number }>();
  for (const m of machines) {
    const key = `${m.store_id}\u0000${m.area_name}`;
    const a = by.get(key) ?? {
      store_id: m.store_id,
      store_name: m.store_name,
      area_name: m.area_name,
      machines: 0,
      idle_machines: 0,
      sessions: 0,
      minutes: 0,
      fee_fen: 0,
      utilisation: 0,
      util: 0,
    };
    a.machines++;
    if (m.idle) a.idle_machines++;
    a.sessions += m.sessions;
    a.minutes += m.minutes;
    a.fee_fen += m.fee_fen;
    a.util += m.utilisation;
    by.set(key, a);
  }
  // the machines of a store share its period: the area's utilisation is their mean
  return [...by.values()].map(({ util, ...a }) => ({ ...a, utilisation: ratio(util, a.machines) }));
}

/**
 * 上机统计 (240): the caller's stores (store_id picks one), every part of the dashboard in one answer. The
 * stores are chosen on the primary; the figures come from the read replica unless a day was just recomputed
 * here (decision 201), all four reads from the same one so they agree.
 */
export async function computerStatistics(
  db: Db,
  s: TenantScope,
  q: ReportPeriodQuery,
  readDb: Db = db,
): Promise<ComputerStatistics> {
  const { choices, stores } = await reportChoice(db, s, q.store_id);
  // the rollups of the period's marked days first (decision 159), so the answer equals the raw records
  const from = await refreshedReader(
    db,
    readDb,
    stores.map((x) => x.id),
    q.start,
    q.end,
  );
  const [live, machines, heatmap, members] = await Promise.all([
    machineLive(from, stores),
    machineFigures(from, stores, q.start, q.end),
    occupancyHeatmap(from, stores, q.start, q.end),
    memberMix(from, stores, q.start, q.end),
  ]);
  const areas = areasOf(machines);
  const sum = (f: (m: ComputerMachineRow) => number) => machines.reduce((t, m) => t + f(m), 0);
  const sessions = sum((m) => m.sessions);
  const fee = sum((m) => m.fee_fen);
  const lengthSum = sum((m) => m.avg_minutes * m.sessions);
  const utilSum = sum((m) => m.utilisation);
  return {
    stores: choices,
    live,
    summary: {
      machines: machines.length,
      idle_machines: machines.filter((m) => m.idle).length,
      sessions,
      avg_minutes: Math.round(ratio(lengthSum, sessions)),
      fee_fen: fee,
      fee_per_machine_fen: Math.round(ratio(fee, machines.length)),
      utilisation: ratio(utilSum, machines.length),
    },
    heatmap,
    areas,
    machines,
    members,
  };
}
