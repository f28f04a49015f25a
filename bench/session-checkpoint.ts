// Issue 12 item 6: logons and the checkpoint job at a few hundred open sessions, on embedded PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a scratch database
// is created and dropped; skipped when the server does not answer). SESSIONS (default 300) members of
// 星际网咖旗舰店 log on at once-free machines; their sessions are aged 10 minutes; one checkpoint pass
// charges them all; a second pass right after charges nothing new; the ledger equals the balances.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { topUp } from '../apps/server/src/modules/member/member-money.service.ts';
import { checkpointAll, endSession, startSession } from '../apps/server/src/modules/session/index.ts';
import { systemStoreScope } from '../apps/server/src/tenant/index.ts';

const N = Number(process.env.SESSIONS ?? 300);
const ACTOR = { id: 0, name: '压测' };
const pct = (xs: number[], p: number) =>
  xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await work();
  return [r, performance.now() - t];
}

async function run(label: string, database: Database) {
  await migrate(database);
  await seedDemo(database.db);
  await runDemoGenerators(database.db);
  const db = database.db;
  const nid = Number(
    (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id,
  );
  const s = systemStoreScope(nid);
  const area = (
    await rows<{ id: number }>(
      db,
      sql`select id from venue_areas where netbar_id = ${nid} order by sort, id limit 1`,
    )
  )[0]!.id;
  await rows(
    db,
    sql`insert into machines (netbar_id, area_id, name) select ${nid}, ${area}, 'BENCH' || g from generate_series(1, ${N}) g`,
  );
  const machines = (
    await rows<{ id: number }>(
      db,
      sql`select id from machines where netbar_id = ${nid} and name like 'BENCH%' order by id`,
    )
  ).map((m) => Number(m.id));
  const members = (
    await rows<{ id: number }>(
      db,
      sql`select id from members where pool_id = ${nid} and status = 1 order by id limit ${N}`,
    )
  ).map((m) => Number(m.id));
  for (const m of members)
    await topUp(db, s, ACTOR, {
      member_id: m,
      amount_fen: 10_000,
      pay_method: 'cash',
      request_id: `bench-top-${m}`,
    });
  const deps = { db };
  const logons: number[] = [];
  let failed = 0;
  // logons 10 at a time (a busy evening: PCs booting together)
  for (let i = 0; i < members.length; i += 10) {
    await Promise.all(
      members.slice(i, i + 10).map(async (m, j) => {
        const [r, ms] = await timed(() =>
          startSession(deps, s, ACTOR, {
            memberId: m,
            machineId: machines[i + j]!,
            source: 'terminal',
          }).catch(() => null),
        );
        if (r) logons.push(ms);
        else failed += 1;
      }),
    );
  }
  await rows(
    db,
    sql`update online_sessions set started_at = started_at - interval '10 minutes',
          last_checkpoint_at = last_checkpoint_at - interval '10 minutes' where ended_at is null`,
  );
  const ledgerRows = async () =>
    Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from member_ledger`))[0]!.n);
  const [first, passMs] = await timed(() => checkpointAll(deps));
  const before = await ledgerRows();
  const [second, againMs] = await timed(() => checkpointAll(deps));
  const added = (await ledgerRows()) - before;
  const open = await rows<{ id: number }>(
    db,
    sql`select id::int as id from online_sessions where ended_at is null`,
  );
  const ends: number[] = [];
  for (const o of open) ends.push((await timed(() => endSession(deps, s, ACTOR, o.id, '下机')))[1]);
  const bad = await rows<{ id: number }>(
    db,
    sql`select m.id from members m left join (select member_id, sum(principal_delta) as p, sum(bonus_delta) as b
          from member_ledger group by 1) l on l.member_id = m.id
        where m.principal_fen <> coalesce(l.p, 0) or m.bonus_fen <> coalesce(l.b, 0)`,
  );
  const unpaid = await rows<{ id: number }>(
    db,
    sql`select s.id from online_sessions s left join (select session_id, -sum(principal_delta + bonus_delta) as paid
          from member_ledger where session_id is not null group by 1) l on l.session_id = s.id
        where s.charged_fen <> coalesce(l.paid, 0)`,
  );
  const pass = failed === 0 && second.checked === first.checked && bad.length === 0 && unpaid.length === 0;
  console.log(
    `${label}：${logons.length} 次上机（失败 ${failed}），上机 p50 ${pct(logons, 0.5).toFixed(0)} ms / p99 ${pct(logons, 0.99).toFixed(0)} ms；` +
      `检查点一轮 ${first.checked} 个会话 ${passMs.toFixed(0)} ms（${((first.checked / passMs) * 1000).toFixed(0)} 个/秒，失败 ${first.failed}），` +
      `紧接第二轮 ${againMs.toFixed(0)} ms、新增台账 ${added} 行；下机 p50 ${pct(ends, 0.5).toFixed(0)} ms / p99 ${pct(ends, 0.99).toFixed(0)} ms；` +
      `余额≠台账的会员 ${bad.length}，扣费≠台账的会话 ${unpaid.length}  ${pass ? '✓' : '✗'}`,
  );
  return pass;
}

let ok = await run('PGlite', await openDatabase({ memory: true }));
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base });
const up = await admin.connect().then(
  () => true,
  () => false,
);
if (!up) console.log(`PostgreSQL：${base} 无法连接，跳过`);
else {
  const name = `nb_session_${process.pid}`;
  await admin.query(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  try {
    ok = (await run('PostgreSQL', database)) && ok;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
process.exit(ok ? 0 : 1);
