import { businessDay } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Conn, rows } from '../db/client.ts';

/**
 * 上机统计's rollups (decision 159) against the raw sessions, worked out in JavaScript: the machine-minutes
 * of closed sessions per clock hour, per machine the sessions, minutes and whole lengths, and the members
 * with a session started per business day (by the store's day start).
 */
export type MachineFigures = Map<string, number>;

const HOUR = 3_600_000;

export async function machineFiguresFromRaw(db: Conn, nid: number): Promise<MachineFigures> {
  const list = await rows<{
    machine_id: number;
    member_id: number;
    s: string;
    e: string | null;
    dsm: number;
  }>(
    db,
    sql`select machine_id, member_id, started_at::text as s, ended_at::text as e, report_day_start(netbar_id) as dsm
        from online_sessions where netbar_id = ${nid}`,
  );
  const out: MachineFigures = new Map();
  const add = (k: string, v: number) => out.set(k, (out.get(k) ?? 0) + v);
  const seen = new Set<string>();
  for (const x of list) {
    add(`machine ${x.machine_id} sessions`, 1);
    const day = businessDay(Date.parse(x.s), Number(x.dsm));
    if (!seen.has(`${day} ${x.member_id}`)) add(`members ${day}`, 1);
    seen.add(`${day} ${x.member_id}`);
    if (!x.e) continue;
    const a = Date.parse(x.s);
    const b = Date.parse(x.e);
    add(`machine ${x.machine_id} minutes`, (b - a) / 60_000);
    add(`machine ${x.machine_id} length`, (b - a) / 60_000);
    for (let h = Math.floor(a / HOUR) * HOUR; h < b; h += HOUR)
      add(`hour ${new Date(h).toISOString()}`, (Math.min(b, h + HOUR) - Math.max(a, h)) / 60_000);
  }
  return out;
}

export async function machineFiguresFromRollup(db: Conn, nid: number): Promise<MachineFigures> {
  const list = await rows<{ k: string; v: string }>(
    db,
    sql`select 'machine ' || machine_id || ' sessions' as k, sum(sessions)::text as v from report_machine_day
          where netbar_id = ${nid} group by machine_id
        union all select 'machine ' || machine_id || ' minutes', sum(minutes)::text from report_machine_day
          where netbar_id = ${nid} group by machine_id
        union all select 'machine ' || machine_id || ' length', sum(length_minutes)::text from report_machine_day
          where netbar_id = ${nid} group by machine_id
        union all select 'hour ' || to_char(hour_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'),
          sum(minutes)::text from report_hour_day where netbar_id = ${nid} group by hour_at
        union all select 'members ' || day::text, count(*)::text from report_member_day
          where netbar_id = ${nid} group by day`,
  );
  return new Map(list.map((x) => [x.k, Number(x.v)]));
}

/** Every figure equal (to a thousandth of a minute); zero and absent are the same. */
export function expectSameMachines(raw: MachineFigures, rolled: MachineFigures): number {
  const bad: string[] = [];
  for (const k of new Set([...raw.keys(), ...rolled.keys()])) {
    const a = raw.get(k) ?? 0;
    const b = rolled.get(k) ?? 0;
    if (Math.abs(a - b) > 0.001) bad.push(`${k}: raw ${a} rollup ${b}`);
  }
  expect(bad).toEqual([]);
  return raw.size;
}
