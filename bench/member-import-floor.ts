// The floor under issue 19's member-import figure (decision 196, amended): how many members a second the
// schema itself takes on this machine's PostgreSQL when nothing else is done — the rows already made, sent by
// COPY straight into members and member_ledger (every index, foreign key and report trigger in place), no
// parsing, no checks, no staging, no CTE. Whatever the import does on top, it cannot beat this.
// `npm run bench -- member-import-floor [--rows N]`; compared with the same COPY into bare copies of the two
// tables (`like … including defaults`: no index, no key, no trigger).

import { cpus, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { arg, scratchDatabase } from './bench-databases.ts';

const ROWS = arg('rows', 200_000);
const CHUNK = 20_000;

const MEMBER_COLS =
  'id, pool_id, netbar_id, card_kind, card_enc, card_hmac, card_mask, name, mobile, level_id, principal_fen, bonus_fen, points, remark, status, created_by, created_by_name, last_ledger_id';
const LEDGER_COLS =
  'id, pool_id, netbar_id, member_id, kind, principal_delta, principal_before, principal_after, bonus_delta, bonus_before, bonus_after, points_delta, points_before, points_after, ref_no, remark, user_id, user_name, request_id, seq';

function memberText(from: number, to: number, store: number, level: number, base: number) {
  let s = '';
  for (let i = from; i < to; i++) {
    const id = base + i;
    s += `${id}\t${store}\t${store}\t2\tenc:${'x'.repeat(40)}${i}\t${'h'.repeat(40)}${i}\tBM****${i % 10000}\t会员${i}\t138${String(i).padStart(8, '0')}\t${level}\t${(i % 500) * 100}\t${(i % 7) * 100}\t${i % 100}\t原系统开卡日期 2019-01-01\t1\t1\t基准\t${id}\n`;
  }
  return s;
}
function ledgerText(from: number, to: number, store: number, base: number) {
  let s = '';
  for (let i = from; i < to; i++) {
    const id = base + i;
    const p = (i % 500) * 100;
    const b = (i % 7) * 100;
    s += `${id}\t${store}\t${store}\t${id}\timport\t${p}\t0\t${p}\t${b}\t0\t${b}\t${i % 100}\t0\t${i % 100}\tM${String(id).padStart(10, '0')}\t文件导入 #1 第${i}行\t1\t基准\timport:1:${i}\t1\n`;
  }
  return s;
}

async function copyRows(c: pg.Client, table: string, cols: string, text: (a: number, b: number) => string) {
  for (let a = 0; a < ROWS; a += CHUNK) {
    await c.query('begin');
    await c.query('set local synchronous_commit = off');
    await pipeline(
      Readable.from([text(a, Math.min(ROWS, a + CHUNK))]),
      c.query(copyFrom(`copy ${table} (${cols}) from stdin`)),
    );
    await c.query('commit');
  }
}

async function main() {
  const scratch = await scratchDatabase('nb_import_floor');
  if (!scratch) return;
  try {
    await migrate(scratch.database);
    const c = new pg.Client({ connectionString: scratch.url });
    await c.connect();
    const store = Number(
      (await c.query(`insert into netbars (name) values ('导入地板网吧') returning id`)).rows[0].id,
    );
    const level = Number(
      (
        await c.query(`insert into member_levels (pool_id, name) values ($1, '普通会员') returning id`, [
          store,
        ])
      ).rows[0].id,
    );
    const base = 10_000_000;
    console.log(`${ROWS} 个会员，每事务 ${CHUNK} 行，${cpus().length} 核，负载 ${loadavg()[0]!.toFixed(1)}`);
    // the real tables: members first, then their ledger rows (the ledger's key points at the member)
    let t = performance.now();
    await copyRows(c, 'members', MEMBER_COLS, (a, b) => memberText(a, b, store, level, base));
    const tm = (performance.now() - t) / 1000;
    t = performance.now();
    await copyRows(c, 'member_ledger', LEDGER_COLS, (a, b) => ledgerText(a, b, store, base));
    const tl = (performance.now() - t) / 1000;
    console.log(
      `真实表（全部索引、外键、报表触发器）：会员 ${Math.round(ROWS / tm)} 行/秒，台账 ${Math.round(ROWS / tl)} 行/秒，合计每秒 ${Math.round(ROWS / (tm + tl))} 个会员`,
    );
    // the same rows into bare copies: what the indexes, keys and triggers cost
    await c.query('create table bare_members (like members including defaults)');
    await c.query('create table bare_ledger (like member_ledger including defaults)');
    t = performance.now();
    await copyRows(c, 'bare_members', MEMBER_COLS, (a, b) => memberText(a, b, store, level, base));
    await copyRows(c, 'bare_ledger', LEDGER_COLS, (a, b) => ledgerText(a, b, store, base));
    const tb = (performance.now() - t) / 1000;
    console.log(`无索引无约束的同结构表：每秒 ${Math.round(ROWS / tb)} 个会员（两行）`);
    console.log(`（最后负载 ${loadavg()[0]!.toFixed(1)}）`);
    await c.end();
  } finally {
    await scratch.drop();
  }
}

await main();
