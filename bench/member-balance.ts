// Issue 12's figure: 200 concurrent consumptions on one member balance that covers 80 — 80 succeed,
// 120 are refused, ledger = balance — on embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created and dropped; skipped when
// the server does not answer).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { memberRace } from '../apps/server/src/test/member-race.ts';

async function run(label: string, database: Database) {
  await migrate(database);
  await seedDemo(database.db);
  const nid = (
    await rows<{ id: number }>(database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0]!.id;
  const r = await memberRace(database.db, nid);
  const pass =
    r.ok === 80 && r.refused === 120 && r.other.length === 0 && r.ledger === r.balance && r.balance === 0;
  console.log(
    `${label}：200 笔并发消费（余额够 80 笔）→ 成功 ${r.ok}，拒绝 ${r.refused}，其他错误 ${r.other.length}；` +
      `余额 ${r.balance} 分，台账合计 ${r.ledger} 分，消费台账 ${r.consumeRows} 行；用时 ${Math.round(r.ms)} ms  ${pass ? '✓' : '✗'}`,
  );
  if (r.other.length) console.log(r.other.slice(0, 3).join('\n'));
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
  const name = `nb_member_${process.pid}`;
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
