// Issue 19 item 4's figures (decision 190): a 1,000,000-row member csv through the file import — dry run
// and commit rows/s on PGlite (goal ≥ 10,000/s) and PostgreSQL (≥ 50,000/s), peak RSS of the process that
// runs the import (< 300 MB), and on PostgreSQL a commit killed (SIGKILL) at 50% then resumed: no duplicate
// member, totals equal to the source. `npm run bench -- member-import [--rows N] [--batch N] [--pg | --lite]
// [--built]`: --pg PostgreSQL only, --lite PGlite only; --built runs the PostgreSQL commits from an esbuild
// bundle on plain node (as the built server runs) instead of tsx, whose transform cache weighs ~70 MB of RSS.
import { spawn } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { insertJob, moveStatus } from '../apps/server/src/modules/file-import/file-import.repo.ts';
import { checkPass, commitPass, runHooks } from '../apps/server/src/modules/file-import/file-import-run.ts';
import { sniff } from '../apps/server/src/modules/file-import/file-source.ts';
import { cipherFor, DEV_MEMBER_FIELD_KEY } from '../apps/server/src/modules/member/member-crypto.ts';
import { arg, scratchDatabase } from './bench-databases.ts';

const ROWS = arg('rows', 1_000_000);
const BATCH = arg('batch', 2000);
const cipher = cipherFor(DEV_MEMBER_FIELD_KEY);

/** The generated file and its source totals (every row valid: 本金 = row % 500 + 0.5 yuan, 奖励 = row % 7 yuan). */
async function writeFile(path: string) {
  const out = createWriteStream(path);
  let principal = 0;
  let bonus = 0;
  out.write('卡号,姓名,手机号,本金,奖励,积分,会员等级,开卡日期\n');
  let buf = '';
  for (let i = 1; i <= ROWS; i++) {
    const p = (i % 500) * 100 + 50;
    const b = (i % 7) * 100;
    principal += p;
    bonus += b;
    buf += `BM${String(i).padStart(9, '0')},会员${i},1${3 + (i % 7)}${String(i).padStart(9, '0')},${(p / 100).toFixed(2)},${b / 100},${i % 100},,2019-0${1 + (i % 9)}-1${i % 10}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      buf = '';
    }
  }
  out.end(buf);
  await new Promise<void>((r) => out.on('finish', () => r()));
  return { principal, bonus };
}

/** A store to import into, and the job (status checking) over the file. */
async function prepare(database: Database, source: string) {
  // each run its own copy: a finished import removes its uploaded file
  const file = `${source}.${Math.random().toString(36).slice(2)}`;
  copyFileSync(source, file);
  await migrate(database);
  const n = await rows<{ id: number }>(
    database.db,
    sql`insert into netbars (name) values ('导入基准网吧') returning id`,
  );
  const nid = Number(n[0]!.id);
  const sn = await sniff(file);
  const scope = {
    userId: 0,
    type: 3 as const,
    isAdmin: false,
    agentId: null,
    staffUserId: null,
    netbarId: nid,
  };
  const headers = ['卡号', '姓名', '手机号', '本金', '奖励', '积分', '会员等级', '开卡日期'];
  const mapping = {
    card_no: '卡号',
    name: '姓名',
    mobile: '手机号',
    principal: '本金',
    bonus: '奖励',
    points: '积分',
    level: '会员等级',
    opened_on: '开卡日期',
  };
  const id = await insertJob(database.db, scope, {
    pool_id: nid,
    kind: 'member',
    preset: 'generic',
    filename: 'bench.csv',
    file_path: file,
    size: 0,
    format: sn.format,
    encoding: sn.encoding,
    headers,
    mapping,
    user: { id: 0, name: 'bench' },
  });
  await rows(
    database.db,
    sql`update file_import_jobs set batch_size = ${BATCH}, status = 'checking' where id = ${id}`,
  );
  return { nid, id };
}

async function verify(database: Database, nid: number, src: { principal: number; bonus: number }) {
  const r = await rows<{ n: string; d: string; p: string; b: string; lp: string; lb: string; bad: string }>(
    database.db,
    sql`select count(*) as n, count(*) - count(distinct card_hmac) as d, sum(principal_fen) as p, sum(bonus_fen) as b,
          (select sum(principal_delta) from member_ledger where pool_id = ${nid}) as lp,
          (select sum(bonus_delta) from member_ledger where pool_id = ${nid}) as lb,
          (select count(*) from members m join member_ledger l on l.id = m.last_ledger_id
             where m.pool_id = ${nid} and (l.principal_after <> m.principal_fen or l.bonus_after <> m.bonus_fen)) as bad
        from members where pool_id = ${nid}`,
  );
  const x = r[0]!;
  const ok =
    Number(x.n) === ROWS &&
    Number(x.d) === 0 &&
    Number(x.p) === src.principal &&
    Number(x.b) === src.bonus &&
    Number(x.lp) === src.principal &&
    Number(x.lb) === src.bonus &&
    Number(x.bad) === 0;
  return {
    ok,
    text: `会员 ${x.n}（重复 ${x.d}），本金 ${x.p}/${src.principal} 分，奖励 ${x.b}/${src.bonus} 分，台账=余额 ${Number(x.bad) === 0 ? '是' : '否'}`,
  };
}

const mb = (kb: number) => Math.round(kb / 1024);

/** Child: `--child <url> <job> [killAt]` runs the commit of one job, printing rows/s and peak RSS. */
async function child() {
  const [url, job, killAt] = process.argv.slice(process.argv.indexOf('--child') + 1);
  const database = await openDatabase({ databaseUrl: url! });
  if (killAt)
    runHooks.afterBatch = (_id, n) => {
      if (n + 1 >= Number(killAt)) process.kill(process.pid, 'SIGKILL');
    };
  // the live heap's peak (sampled): what the import holds, apart from what the collector has not yet returned
  let heap = 0;
  const sample = setInterval(() => {
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }, 50);
  const t0 = performance.now();
  await commitPass({ db: database.db, cipher }, Number(job));
  const s = (performance.now() - t0) / 1000;
  clearInterval(sample);
  console.log(
    JSON.stringify({ s, rss: mb(process.resourceUsage().maxRSS), heap: Math.round(heap / 1048576) }),
  );
  await database.close();
}

/** --built: this bench bundled into apps/server/dist (npm packages external), run by plain node. */
let built: string | undefined;
async function bundle() {
  const { build } = await import('esbuild');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const pkg = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const ext = Object.keys(pkg.dependencies).filter((d) => d !== '@netbar/contract');
  built = join(root, 'apps/server/dist/bench-member-import.mjs');
  await build({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: built,
    external: [...ext, ...ext.map((d) => `${d}/*`), 'tsx'],
    logLevel: 'warning',
  });
}

function runChild(
  url: string,
  job: number,
  killAt?: number,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(
      process.execPath,
      [
        // under tsx from the source; a bundle (`--built`, decision 196) runs on plain node
        ...(built ? [] : ['--import', 'tsx']),
        built ?? fileURLToPath(import.meta.url),
        '--child',
        url,
        String(job),
        ...(killAt ? [String(killAt)] : []),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'nb-member-import-'));
  const file = join(dir, 'members.csv');
  const t0 = performance.now();
  const src = await writeFile(file);
  if (process.argv.includes('--built')) await bundle();
  console.log(`生成 ${ROWS} 行会员 csv：${Math.round(performance.now() - t0)} ms；批大小 ${BATCH}`);
  let ok = true;
  try {
    if (!process.argv.includes('--pg')) {
      const lite = await openDatabase({ memory: true });
      const { nid, id } = await prepare(lite, file);
      let t = performance.now();
      await checkPass({ db: lite.db, cipher }, id);
      const check = (performance.now() - t) / 1000;
      await moveStatus(lite.db, id, ['checked'], 'running');
      // a crash at 50% in process (PGlite's files would not survive a kill -9 of the process that holds them)
      const half = Math.ceil(ROWS / BATCH / 2);
      runHooks.afterBatch = (_id, n) => {
        if (n + 1 === half) throw new Error('crash');
      };
      t = performance.now();
      await commitPass({ db: lite.db, cipher }, id).catch(() => undefined);
      runHooks.afterBatch = undefined;
      await commitPass({ db: lite.db, cipher }, id);
      const commit = (performance.now() - t) / 1000;
      const v = await verify(lite, nid, src);
      ok &&= v.ok;
      console.log(
        `PGlite：校验 ${Math.round(ROWS / check)} 行/秒（${check.toFixed(1)} s），导入（含 50% 处中断后续传）${Math.round(ROWS / commit)} 行/秒（${commit.toFixed(1)} s）；进程峰值 RSS ${mb(process.resourceUsage().maxRSS)} MB（含内存中的 PGlite 数据库）；${v.text} ${v.ok ? '✓' : '✗'}`,
      );
      await lite.close();
    }
    for (const kill of process.argv.includes('--lite') ? [] : [false, true]) {
      const pgDb = await scratchDatabase(`nb_member_import${kill ? '_kill' : ''}`);
      if (!pgDb) break;
      try {
        const url = (pgDb.database as unknown as { url?: string }).url ?? currentUrl(kill);
        const { nid, id } = await prepare(pgDb.database, file);
        const t = performance.now();
        await checkPass({ db: pgDb.database.db, cipher }, id);
        const check = (performance.now() - t) / 1000;
        await moveStatus(pgDb.database.db, id, ['checked'], 'running');
        if (!kill) {
          const r = await runChild(url, id);
          const f = JSON.parse(r.out.trim().split('\n').pop() ?? '{}') as {
            s: number;
            rss: number;
            heap: number;
          };
          const v = await verify(pgDb.database, nid, src);
          ok &&= v.ok && f.rss < 300;
          console.log(
            `PostgreSQL：校验 ${Math.round(ROWS / check)} 行/秒（${check.toFixed(1)} s），导入 ${Math.round(ROWS / f.s)} 行/秒（${f.s.toFixed(1)} s），导入进程峰值 RSS ${f.rss} MB（堆峰值 ${f.heap} MB）；${v.text} ${v.ok ? '✓' : '✗'}`,
          );
        } else {
          const half = Math.ceil(ROWS / BATCH / 2);
          const r1 = await runChild(url, id, half);
          const mid = await rows<{ b: number; n: string }>(
            pgDb.database.db,
            sql`select batches_done as b, (select count(*) from members where pool_id = ${nid}) as n from file_import_jobs where id = ${id}`,
          );
          const r2 = await runChild(url, id);
          const f = JSON.parse(r2.out.trim().split('\n').pop() ?? '{}') as {
            s: number;
            rss: number;
            heap: number;
          };
          const v = await verify(pgDb.database, nid, src);
          ok &&= v.ok && r1.signal === 'SIGKILL';
          console.log(
            `PostgreSQL kill -9：第 ${half} 批后 ${r1.signal}（已提交 ${mid[0]!.b} 批，会员 ${mid[0]!.n}），续传 ${f.s.toFixed(1)} s，峰值 RSS ${f.rss} MB（堆峰值 ${f.heap} MB）；${v.text} ${v.ok ? '✓' : '✗'}`,
          );
        }
      } finally {
        await pgDb.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

/** The scratch database's URL (bench-databases names it <prefix>_<pid>). */
function currentUrl(kill: boolean) {
  const u = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = `/nb_member_import${kill ? '_kill' : ''}_${process.pid}`;
  return u.toString();
}

if (process.argv.includes('--child')) await child();
else await main();
