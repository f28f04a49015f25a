// `npm run bench -- terminal-load` (issue 12's load figure): 20 stores × 60 simulated machines driven by
// the terminal simulator's engine (terminal-sim/sim-engine.ts) against the real server in a child process
// on a PostgreSQL database of its own, for 60 s, with the session checkpoint job running every 30 s.
// One console WebSocket per store (its owner logged in) measures the delivery delay of every BUY/CALL
// (from just before the terminal's POST to the frame) and acknowledges it (BUY_DONE/CALL_DOWN go back to
// the machines). At the end every session is logged off, the pass in flight is awaited, and the money is
// checked (terminal-load-check.ts); exit 1 when it fails. The database is dropped.
// Each store starts with --prefill machines in use (logged on through the API, timed apart, then moved 10
// minutes back in the database as customers already online), so the checkpoints during the run charge real
// accrual and end the sessions of members whose balance runs out.
// Flags: --seconds 60 --stores 20 --machines 60 --members 150 --pace 2 (events/s per store)
//        --min-session 20 --heartbeat 30 --sockets 1 (console sockets per store) --prefill 30
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { moneyCheck } from './terminal-load-check.ts';
import { type Pass, pct, report, type SentAt } from './terminal-load-report.ts';
import { seedLoadStores } from './terminal-load-seed.ts';
import { createSim } from './terminal-sim/sim-engine.ts';
import { resolveMachines, type SimOptions } from './terminal-sim/sim-setup.ts';
import { TerminalClient } from './terminal-sim/terminal-client.ts';

const { values: v } = parseArgs({
  options: Object.fromEntries(
    [
      'seconds',
      'stores',
      'machines',
      'members',
      'pace',
      'min-session',
      'heartbeat',
      'sockets',
      'prefill',
    ].map((k) => [k, { type: 'string' as const }]),
  ),
});
const num = (k: string, d: number) => {
  const n = Number(v[k] ?? d);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && k !== 'prefill'))
    throw new Error(`--${k}: a positive number`);
  return n;
};
const size = { stores: num('stores', 20), machines: num('machines', 60), members: num('members', 150) };
const SECONDS = num('seconds', 60);
const pace = {
  pace: num('pace', 2),
  minSession: num('min-session', 20),
  heartbeat: num('heartbeat', 30),
  statusEvery: 0,
  prefill: num('prefill', 30),
};
const SOCKETS = num('sockets', 1);

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base });
if (
  !(await admin.connect().then(
    () => true,
    () => false,
  ))
) {
  console.log(`PostgreSQL：${base} 无法连接，跳过`);
  process.exit(0);
}
const dbName = `nb_tload_${process.pid}`;
await admin.query(`create database ${dbName}`);
const u = new URL(base);
u.pathname = `/${dbName}`;
const url = u.toString();
let child: ChildProcess | undefined;
let ok = false;
try {
  ok = await run();
} catch (e) {
  console.error(e);
} finally {
  child?.kill('SIGTERM');
  await sleep(500);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  console.log(`已删除数据库 ${dbName}`);
}
process.exit(ok ? 0 : 1);

async function run(): Promise<boolean> {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: url });
  await migrate(database);
  await seedDemo(database.db);
  await database.close();
  const memberKey = randomBytes(24).toString('hex');
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {}); // the drop at the end ends it when run() failed half way
  await c.connect();
  const stores = await seedLoadStores(c, size, memberKey);
  console.log(
    `${size.stores} 家门店 × ${size.machines} 台机器、每店 ${size.members} 名会员（一成只够几分钟）已播种：${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const passes: Pass[] = [];
  let passRunning = false;
  child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./terminal-load-server.ts', import.meta.url).pathname, url, memberKey],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    lines.on('line', (line) => {
      const m = JSON.parse(line) as { port?: number; pass?: (typeof passes)[number] & { phase: string } };
      if (m.port) resolve(m.port);
      if (m.pass?.phase === 'start') passRunning = true;
      if (m.pass?.phase === 'end') {
        passRunning = false;
        passes.push(m.pass);
      }
    });
  });
  const origin = `http://127.0.0.1:${port}`;

  // one console per store: its owner logged in, its socket(s) timing and acknowledging BUY/CALL
  const sentAt: SentAt = new Map();
  const sockets: { store: number; ws: WebSocket; got: Map<number, number> }[] = [];
  const mine = new Map<number, Set<number>>();
  let foreign = 0;
  let wsErrors = 0;
  for (const s of stores) {
    const r = await fetch(`${origin}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: `user_name=${s.user}&password=demo123456&captcha=1234&type=3`,
    });
    const cookie = (r.headers.getSetCookie().find((x) => x.startsWith('nb_sid=')) ?? '').split(';')[0]!;
    if (!cookie) throw new Error(`login ${s.user}: ${await r.text()}`);
    for (let i = 0; i < SOCKETS; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, { headers: { cookie } });
      const got = new Map<number, number>();
      ws.on('message', (d) => {
        const f = JSON.parse(d.toString()) as { type: number; id: number; machine_id: number };
        if (f.type !== 2 && f.type !== 4) return;
        got.set(f.id, performance.now());
        if (!mine.get(s.id)?.has(f.machine_id)) foreign++;
        if (i === 0) ws.send(JSON.stringify({ type: f.type === 2 ? 3 : 5, id: f.id }));
      });
      ws.on('error', () => wsErrors++);
      await new Promise((res, rej) => {
        ws.once('open', res);
        ws.once('error', rej);
      });
      sockets.push({ store: s.id, ws, got });
    }
  }
  const pinger = setInterval(() => {
    for (const s of sockets) if (s.ws.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify({ type: 1 }));
  }, 20_000);

  // each store's machines as its server lists them (terminal_machines), then the simulation
  const apis = stores.map((s) => new TerminalClient(origin, s.id, s.key));
  const machines = await Promise.all(
    stores.map((s, i) =>
      resolveMachines({ store: s.id, machines: size.machines } as SimOptions, apis[i]!).then((ids) => {
        mine.set(s.id, new Set(ids));
        return ids;
      }),
    ),
  );
  for (const a of apis) a.latency.clear();
  const quiet = () => {};
  const sims = stores.map((s, i) =>
    createSim(apis[i]!, machines[i]!, s.cards, pace, {
      log: quiet,
      sent: (kind, t, r) => sentAt.set(r.data.id, { t0: t, answered: t + r.ms, store: s.id, kind }),
    }),
  );
  const t1 = performance.now();
  await Promise.all(sims.map((x) => x.ready));
  const prefilled = sims.reduce((n, x) => n + x.stats.logonOk, 0);
  const prefillMs = apis.flatMap((a) => a.latency.get('terminal_logon') ?? []);
  console.log(
    `开场上机 ${prefilled} 台（每店 ${pace.prefill} 台，各店 4 个并发）：${((performance.now() - t1) / 1000).toFixed(1)} s，` +
      `p50 ${pct(prefillMs, 0.5).toFixed(0)} ms，p99 ${pct(prefillMs, 0.99).toFixed(0)} ms`,
  );
  // the opening customers have been on for a while: their sessions are moved 10 minutes back, so the
  // run's checkpoints charge real accrual (and end the poor members' sessions) as in an evening's trade
  await c.query(
    `update online_sessions set started_at = started_at - interval '10 minutes',
       last_checkpoint_at = last_checkpoint_at - interval '10 minutes' where ended_at is null and netbar_id = any($1)`,
    [stores.map((s) => s.id)],
  );
  for (const a of apis) a.latency.clear();
  const began = performance.now();
  for (let left = SECONDS * 1000; left > 0; left = SECONDS * 1000 - (performance.now() - began)) {
    await sleep(Math.min(10_000, left));
    const online = sims.reduce((n, x) => n + x.online.size, 0);
    const logons = sims.reduce((n, x) => n + x.stats.logonOk, 0);
    console.log(
      `[${((performance.now() - began) / 1000).toFixed(0)}s] 在线 ${online} 台，上机 ${logons} 次，检查点 ${passes.length} 轮，负载 ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  const ran = (performance.now() - began) / 1000;
  // the closing logoffs of every machine still in use are a burst of their own: timed apart
  const during = apis.map((a) => new Map(a.latency));
  for (const a of apis) a.latency.clear();
  const t2 = performance.now();
  const left = sims.reduce((n, x) => n + x.online.size, 0);
  await Promise.all(sims.map((x) => x.finish('时间到')));
  const closing = apis.flatMap((a) => a.latency.get('terminal_logoff') ?? []);
  console.log(
    `结束时下机 ${left} 台（各店 4 个并发）：${((performance.now() - t2) / 1000).toFixed(1)} s，p50 ${pct(closing, 0.5).toFixed(0)} ms，p99 ${pct(closing, 0.99).toFixed(0)} ms`,
  );
  apis.forEach((a, i) => {
    a.latency.clear();
    for (const [k, xs] of during[i]!) a.latency.set(k, xs);
  });
  const waitFrom = performance.now();
  while (passRunning && performance.now() - waitFrom < 60_000) await sleep(100);
  await sleep(1000); // the last frames
  clearInterval(pinger);
  for (const s of sockets) s.ws.terminate();

  report({ ran, prefilled, sims, apis, passes, sentAt, sockets, foreign });
  const m = await moneyCheck(
    c,
    stores.map((s) => s.id),
  );
  await c.end();
  console.log(
    `钱款核对：会员 ${m.members} 名，余额≠台账 ${m.balanceMismatches}；会话 ${m.sessions} 个（${Object.entries(
      m.byReason,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(
        '，',
      )}），仍在线 ${m.open}；会话记扣 ${m.chargedFen} 分 = 台账扣费 ${m.ledgerFen} 分：${m.chargedFen === m.ledgerFen ? '是' : '否'}；` +
      `扣费≠台账的会话 ${m.sessionLedgerMismatches}，扣费≠计费规则的会话 ${m.ruleMismatches}，重复扣费的 request_id ${m.doubledRequests}  ${m.ok ? '✓' : '✗'}`,
  );
  for (const e of m.examples) console.log(`  ${e}`);
  const errors =
    apis.reduce((n, a) => n + a.broken, 0) + passes.filter((p) => p.failed || p.error).length + wsErrors;
  console.log(
    `错误：${errors}（无应答或 5xx、失败的检查点、WebSocket 错误）；${cpus().length} 核，负载 ${loadavg()[0]!.toFixed(1)}`,
  );
  return m.ok;
}
