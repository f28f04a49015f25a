// Issue 16's figure (decision 161): the sandbox acquirer sends 200 signed notifications per second for ~10 s
// to a server on PostgreSQL (a scratch database from BENCH_DATABASE_URL, default the local server; created
// and dropped), one in ten repeated later with a fresh signature (acquirers send twice). Prints the
// callback's p50/p99 (client round trip and server time), os.loadavg before and after, and checks that
// every payment was settled exactly once (p99 goal < 100 ms). `--rate N --seconds S` change the load.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/client.ts';
import { paymentsOf } from '../apps/server/src/modules/payment/index.ts';
import { systemStoreScope } from '../apps/server/src/tenant/index.ts';
import { arg } from './bench-databases.ts';
import { fmt, pct, startBenchApp } from './order-bench-kit.ts';

const RATE = arg('rate', 200);
const SECONDS = arg('seconds', 10);
const N = RATE * SECONDS;
const REPEAT_EVERY = 10;

const b = await startBenchApp('paynotify');
if (!b) process.exit(0);
let pass = false;
try {
  const svc = paymentsOf(b.app.deps);
  const nid = (
    await rows<{ id: number }>(b.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0]!.id;
  const origin = new URL(b.base).origin;
  const caller = { userId: 0, publicBase: origin };
  const tag = `${process.pid}${Date.now()}`;

  // N payments at the counter, each paid by its customer at the sandbox (its own queue is not used here:
  // the bench is the sandbox's sender, at a fixed rate)
  const nos: string[] = [];
  for (let i = 0; i < N; i += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, N - i) }, (_, j) =>
        svc.create(systemStoreScope(nid), caller, {
          purpose: 'counter', // the payment service alone: 'order' is the counter's now (decision 169) and refuses unknown orders
          purpose_ref: `BENCH-${tag}-${i + j}`,
          amount_fen: 100 + ((i + j) % 5000),
          method: (i + j) % 2 ? 'wechat' : 'alipay',
          request_id: `bench-${tag}-${i + j}`,
        }),
      ),
    );
    for (const m of made) nos.push(m.payment.payment_no);
  }
  for (let i = 0; i < N; i += 50) await Promise.all(nos.slice(i, i + 50).map((no) => svc.sandbox.pay(no)));
  await rows(b.database.db, sql`delete from sandbox_notify_queue`);
  console.log(`准备：${N} 笔支付已创建并在沙箱付款`);

  // the schedule: every payment once, one in ten again 2 s later (a fresh nonce and signature)
  const plan: { at: number; no: string }[] = nos.map((no, i) => ({ at: (i * 1000) / RATE, no }));
  for (let i = 0; i < N; i += REPEAT_EVERY) plan.push({ at: (i * 1000) / RATE + 2000, no: nos[i]! });
  plan.sort((x, y) => x.at - y.at);

  // signed before the clock starts (a signature stays fresh for 5 minutes): the sender only sends
  const signed = await Promise.all(plan.map((p) => svc.sandbox.notice(p.no)));
  const url = new URL(`${origin}/api/c1/notify/sandbox`);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const post = (n: { headers: Record<string, string>; body: string }) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', agent, headers: n.headers, timeout: 60_000 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(n.body);
    });
  const client: number[] = [];
  const answers = { ok: 0, refused: 0, error: 0 };
  const load0 = loadavg();
  const t0 = performance.now();
  await Promise.all(
    plan.map(async (p, i) => {
      const wait = t0 + p.at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const s = performance.now();
      try {
        const res = await post(signed[i]!);
        client.push(performance.now() - s);
        if (res.status === 200 && (JSON.parse(res.body) as { code?: string }).code === 'SUCCESS')
          answers.ok++;
        else answers.refused++;
      } catch {
        answers.error++;
      }
    }),
  );
  agent.destroy();
  const wall = (performance.now() - t0) / 1000;
  const load1 = loadavg();
  const server = b.serverMs.get('/api/c1/notify/sandbox') ?? [];

  const fig = (
    await rows<{ paid: number; settled: number; repeated: number; refused: number; twice: number }>(
      b.database.db,
      sql`select
            (select count(*)::int from payments where purpose_ref like ${`BENCH-${tag}-%`} and status = '已支付') as paid,
            (select count(*)::int from payment_notifications where outcome = 'settled') as settled,
            (select count(*)::int from payment_notifications where outcome = 'repeated') as repeated,
            (select count(*)::int from payment_notifications where outcome = 'refused') as refused,
            (select count(*)::int from (select payment_no from payment_notifications where outcome = 'settled'
               group by payment_no having count(*) > 1) x) as twice`,
    )
  )[0]!;
  const repeats = plan.length - N;
  const settledOnce =
    fig.paid === N && fig.settled === N && fig.repeated === repeats && fig.refused === 0 && fig.twice === 0;
  const p99 = pct(client, 0.99);
  pass = settledOnce && answers.ok === plan.length && p99 < 100;
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  console.log(
    `PostgreSQL：${plan.length} 条通知（${N} 笔支付 + ${repeats} 条重复通知），${RATE} 条/秒计划，实际 ${(plan.length / wall).toFixed(0)} 条/秒，用时 ${wall.toFixed(1)} s`,
  );
  console.log(`  回调往返：${fmt(client)}`);
  console.log(`  服务端处理：${fmt(server)}`);
  console.log(`  应答：成功 ${answers.ok}，拒绝 ${answers.refused}，连接错误 ${answers.error}`);
  console.log(
    `  入账：已支付 ${fig.paid}/${N}，settled ${fig.settled}，repeated ${fig.repeated}，refused ${fig.refused}，重复入账 ${fig.twice}  ${settledOnce ? '✓ 每笔只入账一次' : '✗'}`,
  );
  console.log(`  os.loadavg（1/5/15 分钟）：开始 ${la(load0)}，结束 ${la(load1)}`);
  console.log(`  目标 p99 < 100 ms：${p99 < 100 ? '✓' : '✗'}（${p99.toFixed(1)} ms）`);
} finally {
  await b.close();
}
process.exit(pass ? 0 : 1);
