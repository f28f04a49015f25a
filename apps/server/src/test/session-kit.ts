import { sql } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import type { Client, TestApp } from './harness.ts';
import { rid } from './kit.ts';

/** The session tests' own helpers: a store with an area, machines, a plan and members with money. */

let n = 0;
const uniq = () => `${Date.now().toString(36).slice(-5)}${++n}`;

export interface Store {
  areaId: number;
  levelId: number;
  machines: number[];
  member: (balanceFen: number, extra?: Record<string, unknown>) => Promise<number>;
}

/** An area with `machines` machines and a plain plan (base 6 元/h = 10 fen a minute) for it. */
export async function makeStore(
  c: Client,
  machines = 2,
  planExtra: Record<string, unknown> = {},
): Promise<Store> {
  const tag = uniq();
  const a = await c.post<{ id: number }>('/api/v1/venue_area_save', { name: `区${tag}` });
  if (a.status !== 200) throw new Error(`area: ${a.msg}`);
  const ids: number[] = [];
  for (let i = 0; i < machines; i++) {
    const m = await c.post<{ id: number }>('/api/v1/machine_save', {
      name: `M${tag}x${i}`,
      area_id: a.data.id,
    });
    if (m.status !== 200) throw new Error(`machine: ${m.msg}`);
    ids.push(m.data.id);
  }
  // members of the tests sit on a level of their own: no bonus, no discount, no upgrade past it
  const lv = await c.post<{ id: number }>('/api/v1/member_level_save', {
    name: `测试${tag}`,
    threshold_fen: 99_000_000 + (n % 1000),
    rate_discount: 100,
    bonus_rules: '[]',
  });
  if (lv.status !== 200) throw new Error(`level: ${lv.msg}`);
  const p = await c.post('/api/v1/rate_plan_save', {
    name: `方案${tag}`,
    area_id: a.data.id,
    price_per_hour_fen: 600,
    ...planExtra,
  });
  if (p.status !== 200) throw new Error(`plan: ${p.msg}`);
  return {
    areaId: a.data.id,
    levelId: lv.data.id,
    machines: ids,
    member: async (balanceFen, extra = {}) => {
      const m = await c.post<{ id: number }>('/api/v1/member_save', {
        card_kind: 2,
        card_no: `S${uniq()}`.replace(/[^A-Za-z0-9]/g, ''),
        name: `会员${tag}`,
        level_id: lv.data.id,
        ...extra,
      });
      if (m.status !== 200) throw new Error(`member: ${m.msg}`);
      if (balanceFen > 0) {
        const tp = await c.post('/api/v1/member_topup', {
          member_id: m.data.id,
          amount_fen: balanceFen,
          pay_method: 'cash',
          request_id: rid(),
        });
        if (tp.status !== 200) throw new Error(`topup: ${tp.msg}`);
      }
      return m.data.id;
    },
  };
}

/** Moves a session's start (and last checkpoint) back by `minutes`, as if it had run that long. */
export async function age(t: TestApp, sessionId: number, minutes: number) {
  await rows(
    t.database.db,
    sql`update online_sessions set started_at = started_at - ${`${minutes} minutes`}::interval,
          last_checkpoint_at = last_checkpoint_at - ${`${minutes} minutes`}::interval where id = ${sessionId}`,
  );
}

export async function sessionOf(t: TestApp, id: number) {
  const r = await rows<{
    charged_fen: string;
    checkpoint_seq: number;
    ended_at: string | null;
    end_reason: string | null;
    billed_minutes: number;
    started_ms: number;
    ended_ms: number | null;
  }>(
    t.database.db,
    sql`select charged_fen, checkpoint_seq, ended_at, end_reason, billed_minutes,
          (extract(epoch from started_at) * 1000)::float8 as started_ms, (extract(epoch from ended_at) * 1000)::float8 as ended_ms
        from online_sessions where id = ${id}`,
  );
  const s = r[0]!;
  return { ...s, charged_fen: Number(s.charged_fen) };
}

/** 本金 + 奖励 of a member. */
export async function balanceOf(t: TestApp, memberId: number): Promise<number> {
  const r = await rows<{ b: string }>(
    t.database.db,
    sql`select (principal_fen + bonus_fen)::text as b from members where id = ${memberId}`,
  );
  return Number(r[0]!.b);
}

/** Every session charged exactly what its ledger rows took from the member (the demo's sessions too). */
export async function sessionLedgerMismatches(t: TestApp) {
  return rows<{ id: number }>(
    t.database.db,
    sql`select s.id from online_sessions s left join (
          select session_id, -sum(principal_delta + bonus_delta) as paid from member_ledger where session_id is not null group by 1
        ) l on l.session_id = s.id
        where s.charged_fen <> coalesce(l.paid, 0)`,
  );
}

export async function machineState(t: TestApp, id: number): Promise<string> {
  const r = await rows<{ state: string }>(t.database.db, sql`select state from machines where id = ${id}`);
  return r[0]!.state;
}
