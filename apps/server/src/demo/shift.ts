import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../db/client.ts';

/**
 * The demo stores' shifts (issue 13 item 7, decision 137): 90 days of consecutive 早班 08:00–20:00 and
 * 晚班 20:00–08:00 (Beijing time). In 星际网咖旗舰店 a week's rota (FLAGSHIP_ROTA): 小陈
 * (demo_netbar_staff) works the day but Wednesday, when 刘店长 covers; 周收银 and 吴收银 work the weekday
 * nights, the owner the weekend's; in 极速网吧 the owner works both; 二店 and 三店 as SUB_ROTA. Every shift is
 * handed over to the next; the chain's last ones were handed over a few minutes ago and nobody has opened the next (the demo's
 * cashier and the tests open it at the counter), 极速网吧's current shift is still open. Shifts are
 * written first, closed later (demo/till.ts) once every movement of the till is known.
 */

export const HOUR_MS = 3600_000;
export const SHIFT_MS = 12 * HOUR_MS;
const CST_MS = 8 * HOUR_MS;
export const DEMO_DAYS = 90;

export interface DemoShift {
  id: number;
  cashier: { id: number; name: string };
  start: number;
  /** When it was handed over; null while open. */
  end: number | null;
}

export interface DemoShifts {
  list: DemoShift[];
  /** The shift the till is in at `at` (undefined outside every shift). */
  at(at: number): DemoShift | undefined;
}

/** The shift boundaries (08:00 and 20:00 Beijing time) of the last 90 days up to now. */
export function shiftStarts(now: number): number[] {
  const today8 = Math.floor((now + CST_MS) / 86400_000) * 86400_000 - CST_MS + 8 * HOUR_MS;
  const first = today8 - DEMO_DAYS * 86400_000;
  const out: number[] = [];
  for (let t = first; t <= now; t += SHIFT_MS) out.push(t);
  return out;
}

/** The flagship's rota by Beijing weekday of the shift's start (0 = Sunday): [早班, 晚班] logins; '' = the owner. */
const FLAGSHIP_ROTA: [string, string][] = [
  ['demo_netbar_staff', ''],
  ['demo_netbar_staff', 'demo_cashier2'],
  ['demo_netbar_staff', 'demo_cashier2'],
  ['demo_store_manager', 'demo_cashier3'],
  ['demo_netbar_staff', 'demo_cashier3'],
  ['demo_netbar_staff', ''],
  ['demo_netbar_staff', ''],
];
/**
 * The chain's sub-stores (issue 15): 早班 by the store's own cashier on the days it does not work the
 * flagship's night before or after, else 刘店长 (or the owner on Wednesday, his flagship day); 晚班 the owner.
 */
const SUB_ROTA: Record<string, [string, string][]> = {
  星际网咖二店: [
    ['demo_cashier2', 'demo_netbar'],
    ['demo_store_manager', 'demo_netbar'],
    ['demo_store_manager', 'demo_netbar'],
    ['demo_netbar', 'demo_netbar'],
    ['demo_cashier2', 'demo_netbar'],
    ['demo_cashier2', 'demo_netbar'],
    ['demo_cashier2', 'demo_netbar'],
  ],
  星际网咖三店: [
    ['demo_cashier3', 'demo_netbar'],
    ['demo_cashier3', 'demo_netbar'],
    ['demo_cashier3', 'demo_netbar'],
    ['demo_netbar', 'demo_netbar'],
    ['demo_store_manager', 'demo_netbar'],
    ['demo_store_manager', 'demo_netbar'],
    ['demo_cashier3', 'demo_netbar'],
  ],
};
const ROTA: Record<string, [string, string][]> = { 星际网咖旗舰店: FLAGSHIP_ROTA, ...SUB_ROTA };

async function rotaOf(db: Conn) {
  const logins = [
    ...new Set(
      Object.values(ROTA)
        .flatMap((r) => r.flat())
        .filter(Boolean),
    ),
  ];
  const r = await rows<{ login: string; id: number; name: string }>(
    db,
    sql`select user_name as login, id, coalesce(nullif(true_name, ''), user_name) as name from users
        where user_name in (${sql.join(
          logins.map((l) => sql`${l}`),
          sql`, `,
        )})`,
  );
  return new Map(r.map((u) => [u.login, { id: Number(u.id), name: u.name }]));
}

async function cashiersOf(db: Conn, nid: number) {
  return rows<{ id: number; name: string; role: string }>(
    db,
    sql`select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, 'owner' as role
          from netbars n join users u on u.id = n.owner_user_id where n.id = ${nid}
        union all
        select u.id, coalesce(nullif(u.true_name, ''), u.user_name), 'staff'
          from staff st join users u on u.id = st.user_id where st.netbar_id = ${nid}
        order by role, id`,
  );
}

export async function shiftDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧', '星际网咖二店', '星际网咖三店') order by id`,
  );
  const now = Date.now();
  for (const st of stores) {
    const nid = Number(st.id);
    if ((await rows(db, sql`select 1 from shifts where netbar_id = ${nid} limit 1`)).length) continue;
    const people = await cashiersOf(db, nid);
    const owner = people.find((p) => p.role === 'owner');
    if (!owner) continue;
    const day = people.find((p) => p.role === 'staff') ?? owner;
    // the chain's stores hand their last shift over (the tests and the e2e open the next one), 极速网吧's is open
    const chain = st.name in ROTA;
    const plan = ROTA[st.name];
    const rota = plan ? await rotaOf(db) : new Map<string, { id: number; name: string }>();
    const starts = shiftStarts(now);
    // the chain's last shifts were handed over 10 minutes ago (or at its boundary when just begun)
    const last = starts[starts.length - 1]!;
    if (chain && now - last < 30 * 60_000) starts.pop();
    const shifts = starts.map((start, k) => {
      const isLast = k === starts.length - 1;
      const end = !isLast ? start + SHIFT_MS : chain ? Math.min(start + SHIFT_MS, now - 10 * 60_000) : null;
      const isDay = (start + CST_MS) % 86400_000 === 8 * HOUR_MS;
      const login = plan?.[new Date(start + CST_MS).getUTCDay()]?.[isDay ? 0 : 1] ?? '';
      const cashier = rota.get(login) ?? (isDay ? day : owner);
      return { start, end, cashier, first: k === 0 };
    });
    const iso = (t: number) => new Date(t).toISOString();
    await db.transaction(async (tx) => {
      await rows(
        tx,
        sql`insert into shifts (netbar_id, shift_no, cashier_id, cashier_name, float_fen, opened_how, opened_at, status, closed_at,
              closed_by, closed_how, handover_request_id)
            select ${nid}, 'BC' || to_char(x.o at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MI') || lpad((nextval('shifts_id_seq') % 100000)::text, 5, '0'),
              x.c, x.n, 0, x.how, x.o, case when x.e is null then 'open' else 'closed' end, x.e,
              case when x.e is null then '' else x.n end, case when x.e is null then '' else 'counter' end, null
            from jsonb_to_recordset(${JSON.stringify(
              shifts.map((s) => ({
                c: s.cashier.id,
                n: s.cashier.name,
                how: s.first ? 'counter' : 'handover',
                o: iso(s.start),
                e: s.end === null ? null : iso(s.end),
              })),
            )}::jsonb) as x(c int, n text, how text, o timestamptz, e timestamptz)
            order by x.o`,
      );
      // each shift was opened by the previous one's handover; handover request ids as the service sets them
      await rows(
        tx,
        sql`update shifts s set prev_shift_id = x.prev, next_shift_id = x.next,
              handover_request_id = case when s.status = 'closed' then 'demo-ho-' || s.id end
            from (select id, lag(id) over w as prev, lead(id) over w as next from shifts where netbar_id = ${nid}
                  window w as (order by opened_at, id)) x
            where x.id = s.id`,
      );
    });
  }
}

/** The store's demo shifts, for booking the till and linking orders. */
export async function loadShifts(db: Conn, nid: number): Promise<DemoShifts> {
  const r = await rows<{
    id: number;
    cashier_id: number;
    cashier_name: string;
    start: number;
    end: number | null;
  }>(
    db,
    sql`select id::int, cashier_id, cashier_name, (extract(epoch from opened_at) * 1000)::float8 as start,
          (extract(epoch from closed_at) * 1000)::float8 as end
        from shifts where netbar_id = ${nid} order by opened_at`,
  );
  const list: DemoShift[] = r.map((s) => ({
    id: Number(s.id),
    cashier: { id: Number(s.cashier_id), name: s.cashier_name },
    start: Number(s.start),
    end: s.end === null ? null : Number(s.end),
  }));
  return {
    list,
    at(at) {
      let lo = 0;
      let hi = list.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (list[mid]!.start <= at) lo = mid;
        else hi = mid - 1;
      }
      const s = list[lo];
      return s && s.start <= at && (s.end === null || at < s.end) ? s : undefined;
    },
  };
}
