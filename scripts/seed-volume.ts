// `npm run seed:volume -- --store <nid> --orders 10000000 --sessions 2000000 [--days 365] [--stock 0]` (issue 15 item 9):
// realistic volume for the report benchmarks, never row by row: into PostgreSQL (DATABASE_URL) with COPY
// (pg-copy-streams), or into an embedded PGlite data folder (`--data-dir <dir>`, or DATA_DIR without
// DATABASE_URL) with PGlite's `COPY … FROM '/dev/blob'` in blobs of ~64 MB; an empty folder is migrated and
// given the demo first. --orders counts order lines (3 per order on average) spread over the last --days
// business days of the store, busier in the evening and on weekends; each order gets its till row and each
// line its 'sale' row in the stock ledger (one INSERT … SELECT; the ledger's qty_before/qty_after and the
// stock levels are not replayed, stock_month is added up from the rows). Each session gets its balance
// charge in the member ledger. Triggers are off during the load (session_replication_role = replica), then
// every loaded store-day is marked and recomputed once (decision 152).

import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { lockDataDir } from '../apps/server/src/db/data-dir-lock.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';

const arg = (name: string, dflt?: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i > 0 ? Number(process.argv[i + 1]) : dflt;
  if (v === undefined || !Number.isInteger(v) || v < 0) throw new Error(`--${name} 需要一个非负整数`);
  return v;
};
const url = process.env.DATABASE_URL;
const dirAt = process.argv.indexOf('--data-dir');
const dataDir = dirAt > 0 ? process.argv[dirAt + 1] : url ? undefined : process.env.DATA_DIR;
if (!url?.startsWith('postgres') && !dataDir) {
  console.error(
    'seed:volume 需要目标数据库：PostgreSQL 请设置 DATABASE_URL=postgres://…，内嵌 PGlite 请给出 --data-dir <目录>（或 DATA_DIR）',
  );
  process.exit(2);
}
const NID = arg('store');
const LINES = arg('orders', 1_000_000);
const SESSIONS = arg('sessions', 200_000);
const DAYS = arg('days', 365);
const STOCK = arg('stock', 1);

/** What the load needs of a database: queries and a bulk COPY of tab-separated text chunks. */
interface Target {
  query(q: string, p?: unknown[]): Promise<Record<string, unknown>[]>;
  copy(table: string, cols: string, chunks: Iterable<string>): Promise<void>;
  end(): Promise<void>;
}

async function postgresTarget(u: string): Promise<Target> {
  const c = new pg.Client({ connectionString: u });
  await c.connect();
  return {
    query: async (q, p = []) => (await c.query(q, p)).rows,
    copy: (table, cols, chunks) =>
      pipeline(Readable.from(chunks), c.query(copyFrom(`copy ${table} (${cols}) from stdin`))),
    end: () => c.end(),
  };
}

async function pgliteTarget(dir: string): Promise<Target> {
  const at = resolve(dir);
  if (!existsSync(at) || !readdirSync(at).length) {
    const t = performance.now();
    const database = await openDatabase({ dataDir: at });
    await migrate(database);
    await seedDemo(database.db);
    await runDemoGenerators(database.db);
    await database.close();
    console.log(`PGlite ${at}：迁移并生成演示数据，${((performance.now() - t) / 1000).toFixed(1)} 秒`);
  }
  const unlock = lockDataDir(at);
  const c = await PGlite.create({ dataDir: at });
  const BLOB = 64 << 20;
  return {
    query: async (q, p = []) => (await c.query<Record<string, unknown>>(q, p)).rows,
    copy: async (table, cols, chunks) => {
      let parts: string[] = [];
      let size = 0;
      const flush = async () => {
        if (!parts.length) return;
        await c.query(`copy ${table} (${cols}) from '/dev/blob'`, [], { blob: new Blob(parts) });
        parts = [];
        size = 0;
      };
      for (const chunk of chunks) {
        parts.push(chunk);
        size += chunk.length;
        if (size >= BLOB) await flush();
      }
      await flush();
    },
    end: async () => {
      try {
        await c.close();
      } finally {
        unlock();
      }
    },
  };
}

const db = url?.startsWith('postgres') ? await postgresTarget(url) : await pgliteTarget(dataDir as string);
console.log(
  url?.startsWith('postgres') ? 'PostgreSQL：COPY FROM STDIN' : `PGlite ${dataDir}：COPY FROM '/dev/blob'`,
);

// a 32-bit LCG in exact integer arithmetic (Math.imul), period 2^32, its high bits used. The float
// `seed * 1103515245 % 2^31` used before lost bits above 2^53 and cycled every 10,466 draws, so the
// volume repeated a few thousand patterns (e.g. ~40 members a day instead of ~250)
let seed = 42;
const rnd = (k: number) => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return Math.floor((seed / 4294967296) * k);
};
const one = async <T>(q: string, p: unknown[] = []) => (await db.query(q, p))[0] as T;
const all = async <T>(q: string, p: unknown[] = []) => (await db.query(q, p)) as T[];

const store = await one<{ id: number; pool: number } | undefined>(
  `select n.id, coalesce(nullif(n.chain_id, 0), n.id) as pool from netbars n where n.id = $1`,
  [NID],
);
if (!store) throw new Error(`门店 ${NID} 不存在`);
const skus = await all<{ id: number; goods_id: number; name: string }>(
  `select s.id, s.goods_id, g.name from goods_skus s join goods g on g.id = s.goods_id where s.netbar_id = $1 limit 200`,
  [NID],
);
const members = await all<{ id: number; pool_id: number }>(
  `select id, pool_id from members where netbar_id = $1 limit 5000`,
  [NID],
);
const machines = await all<{ id: number; area_id: number }>(
  `select id, area_id from machines where netbar_id = $1`,
  [NID],
);
if (!skus.length || !members.length || !machines.length)
  throw new Error('门店需要已有商品、会员和机器（先运行演示数据或在控制台中添加）');
const shift = await one<{ id: number }>(
  `insert into shifts (netbar_id, shift_no, cashier_id, cashier_name, opened_how, status, closed_at, opened_at)
   values ($1, 'VOL' || extract(epoch from now())::bigint, 0, '批量数据', 'counter', 'closed', now(), now() - interval '${DAYS + 1} days')
   returning id`,
  [NID],
);

/** Reserves n ids of a bigserial and returns the first. */
async function ids(seq: string, n: number): Promise<number> {
  const r = await one<{ last: string }>(`select setval($1, nextval($1) + $2 - 1) as last`, [seq, n]);
  return Number(r.last) - n + 1;
}
const DAY_MS = 86_400_000;
const now = Date.now();
// an instant within the last DAYS days, weighted to the evening (18-02 h) and to weekends
function when(): Date {
  const d = rnd(DAYS) + 1;
  const hour = rnd(10) < 6 ? (18 + rnd(8)) % 24 : rnd(24);
  const t = new Date(now - d * DAY_MS);
  const base = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) - 8 * 3600_000;
  return new Date(base + hour * 3600_000 + rnd(3600) * 1000);
}

async function copy(table: string, cols: string, rows: () => Generator<string>) {
  const t = performance.now();
  let n = 0;
  await db.copy(
    table,
    cols,
    (function* () {
      let buf = '';
      for (const line of rows()) {
        n++;
        buf += line;
        if (buf.length > 1 << 20) {
          yield buf;
          buf = '';
        }
      }
      if (buf) yield buf;
    })(),
  );
  console.log(`${table}: ${n.toLocaleString()} 行，${((performance.now() - t) / 1000).toFixed(1)} 秒`);
}

await db.query('set session_replication_role = replica');
const orderCount = Math.max(1, Math.round(LINES / 3));
const firstOrder = await ids('orders_id_seq', orderCount);
const orderAt: number[] = new Array(orderCount);
const orderTotal: number[] = new Array(orderCount);
const linesOf: number[] = new Array(orderCount);
let left = LINES;
for (let i = 0; i < orderCount; i++) {
  const n =
    i === orderCount - 1 ? Math.max(1, left) : Math.min(Math.max(1, left - (orderCount - 1 - i)), 1 + rnd(5));
  linesOf[i] = n;
  left -= n;
  orderAt[i] = when().getTime();
}
// in time order, as a live store appends them: a day's orders share heap pages (drawn at random, each
// order of a day sat on a page of its own and a day's read touched thousands of pages)
orderAt.sort((a, b) => a - b);
await copy(
  'order_lines',
  'order_id, netbar_id, sku_id, goods_id, name, qty, list_fen, unit_fen, total_fen, cost_fen',
  function* () {
    for (let i = 0; i < orderCount; i++) {
      let total = 0;
      for (let k = 0; k < (linesOf[i] as number); k++) {
        const s = skus[rnd(skus.length)] as (typeof skus)[number];
        const qty = 1 + rnd(3);
        const unit = 300 + rnd(20) * 100;
        total += qty * unit;
        yield `${firstOrder + i}\t${NID}\t${s.id}\t${s.goods_id}\t${s.name}\t${qty}\t${unit}\t${unit}\t${qty * unit}\t${Math.floor(unit * 0.55)}\n`;
      }
      orderTotal[i] = total;
    }
  },
);
await copy(
  'orders',
  'id, netbar_id, order_no, source, status, shift_id, cashier_id, cashier_name, list_fen, total_fen, paid_fen, request_id, created_at, paid_at, done_at, updated_at',
  function* () {
    for (let i = 0; i < orderCount; i++) {
      const at = new Date(orderAt[i] as number).toISOString();
      const t = orderTotal[i] as number;
      const src = rnd(10) < 7 ? 'counter' : 'seat';
      yield `${firstOrder + i}\t${NID}\tVOL${firstOrder + i}\t${src}\tdone\t${shift.id}\t0\t批量数据\t${t}\t${t}\t${t}\tvol-o-${firstOrder + i}\t${at}\t${at}\t${at}\t${at}\n`;
    }
  },
);
await copy(
  'till_ledger',
  'netbar_id, shift_id, kind, method, amount_fen, order_id, request_id, at',
  function* () {
    for (let i = 0; i < orderCount; i++)
      yield `${NID}\t${shift.id}\tsale\t${rnd(10) < 4 ? 'cash' : 'scan'}\t${orderTotal[i]}\t${firstOrder + i}\tvol-t-${firstOrder + i}\t${new Date(orderAt[i] as number).toISOString()}\n`;
  },
);
// each line's 'sale' in the stock ledger, as the counter's sale writes it (sale_id = the order), in one
// statement; stock_month (whose trigger is off) gets the same rows added up. `--stock 0` leaves it out: on
// PostgreSQL 10M ledger rows (five indexes) were not half written after 10 min on the shared 2-core machine (load ~14); PGlite 1M took 3.5 min
if (STOCK) {
  const t = performance.now();
  const last = firstOrder + orderCount - 1;
  const [led] = await db.query(
    `with ins as (insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen,
         value_fen, ref_type, sale_id, ref_no, user_id, user_name, at)
       select l.netbar_id, 'goods', l.sku_id, 'counter', -l.qty, 0, 0, l.cost_fen, -(l.qty * l.cost_fen), 'sale', o.id,
         'XS' || o.id, 0, '批量数据', o.paid_at
       from order_lines l join orders o on o.id = l.order_id where l.order_id between $1 and $2
       returning netbar_id, item_id, at, delta, value_fen),
     m as (insert into stock_month as s (netbar_id, item_kind, item_id, location, month, bucket, qty, value_fen)
       select netbar_id, 'goods', item_id, 'counter', date_trunc('month', at at time zone 'Asia/Shanghai')::date, 'sale',
         sum(delta), sum(value_fen) from ins group by 1, 2, 3, 4, 5, 6
       on conflict (netbar_id, month, item_kind, item_id, location, bucket)
       do update set qty = s.qty + excluded.qty, value_fen = s.value_fen + excluded.value_fen)
     select count(*)::int as n from ins`,
    [firstOrder, last],
  );
  console.log(
    `stock_ledger: ${Number(led?.n).toLocaleString()} 行，${((performance.now() - t) / 1000).toFixed(1)} 秒`,
  );
}
const firstSession = await ids('online_sessions_id_seq', Math.max(1, SESSIONS));
const sessionAt: number[] = new Array(SESSIONS);
const sessionFee: number[] = new Array(SESSIONS);
const sessionMember: number[] = new Array(SESSIONS);
// started in time order (as orderAt above)
const sessionStart = Array.from({ length: SESSIONS }, () => when().getTime()).sort((a, b) => a - b);
await copy(
  'online_sessions',
  'id, netbar_id, member_id, machine_id, area_id, plan_name, rules, source, started_at, last_checkpoint_at, charged_fen, billed_minutes, ended_at, end_reason',
  function* () {
    for (let i = 0; i < SESSIONS; i++) {
      const m = machines[rnd(machines.length)] as (typeof machines)[number];
      const mem = members[rnd(members.length)] as (typeof members)[number];
      const start = sessionStart[i] as number;
      const minutes = 30 + rnd(300);
      const fee = Math.ceil(minutes / 60) * 500;
      sessionAt[i] = start + minutes * 60_000;
      sessionFee[i] = fee;
      sessionMember[i] = mem.id;
      const end = new Date(start + minutes * 60_000).toISOString();
      yield `${firstSession + i}\t${NID}\t${mem.id}\t${m.id}\t${m.area_id}\t标准计费\t{}\tconsole\t${new Date(start).toISOString()}\t${end}\t${fee}\t${minutes}\t${end}\t下机\n`;
    }
  },
);
await copy(
  'member_ledger',
  'pool_id, netbar_id, member_id, kind, principal_delta, principal_before, principal_after, bonus_delta, bonus_before, bonus_after, points_before, points_after, session_id, request_id, at',
  function* () {
    for (let i = 0; i < SESSIONS; i++)
      yield `${store.pool}\t${NID}\t${sessionMember[i]}\tconsume\t${-(sessionFee[i] as number)}\t0\t0\t0\t0\t0\t0\t0\t${firstSession + i}\tvol-s-${firstSession + i}\t${new Date(sessionAt[i] as number).toISOString()}\n`;
  },
);
await db.query('set session_replication_role = origin');
for (const table of [
  'orders',
  'order_lines',
  'till_ledger',
  'stock_ledger',
  'stock_month',
  'online_sessions',
  'member_ledger',
])
  await db.query(`analyze ${table}`);

// every loaded business day is marked and recomputed once (the job would do the same)
const t = performance.now();
await db.query(
  `insert into report_dirty (netbar_id, day)
   select $1, g::date from generate_series(current_date - $2::int - 2, current_date, interval '1 day') g
   on conflict do nothing`,
  [NID, DAYS],
);
const marks = await all<{ day: string }>(
  `select day::text as day from report_dirty where netbar_id = $1 order by day`,
  [NID],
);
for (const m of marks) await db.query('select report_recompute($1, $2::date)', [NID, m.day]);
console.log(`日汇总：${marks.length} 个营业日重算，${((performance.now() - t) / 1000).toFixed(1)} 秒`);
await db.end();
