// `npm run bench -- --overload` (issue 11, item 6): 200 connections for 30 s on the goods list of the
// embedded PGlite database, with autocannon. Prints p99, the requests that took over 10 s and the 503
// (服务繁忙) answers — with the defaults (shed by the thread's lag, then the bounded queue), with the queue
// only (PGLITE_MAX_LAG_MS=0), and unbounded as before. OVERLOAD_RUNS=default,queue,unbounded picks runs.
// The machine's load average is printed with each run: the figures mean little without it.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.OVERLOAD_CONNECTIONS ?? 200);

async function server(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./overload-server.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`overload server exited ${c}`)));
  });
  const stopped = new Promise((r) => child.once('exit', r));
  return {
    ...(JSON.parse(line) as { port: number; cookie: string }),
    stop: async () => {
      child.kill('SIGTERM');
      await stopped;
    },
  };
}

async function run(label: string, env: Record<string, string>) {
  const s = await server(env);
  try {
    const r = await autocannon({
      url: `http://127.0.0.1:${s.port}/api/v1/goods_list?page=1&page_size=10`,
      headers: { cookie: s.cookie },
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10, // seconds: a request still unanswered then counts as over 10 s
    });
    const codes = r.statusCodeStats as unknown as Record<string, { count: number }>;
    const n = (c: string) => codes[c]?.count ?? 0;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`${new Date().toISOString()} load average ${load}`);
    console.log(
      `${label.padEnd(26)} requests ${String(r.requests.total).padStart(6)} | 200 ${String(n('200')).padStart(6)} | 503 ${String(n('503')).padStart(6)} | other non-2xx ${r.non2xx - n('503')} | errors ${r.errors} | >10 s ${r.timeouts} | p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms max ${r.latency.max} ms`,
    );
    return r;
  } finally {
    await s.stop();
  }
}

console.log(
  `GET /api/v1/goods_list on PGlite, ${CONNECTIONS} connections × ${SECONDS} s (autocannon, 127.0.0.1)`,
);
const RUNS: Record<string, [string, Record<string, string>]> = {
  default: ['shed by lag + queue (default)', {}],
  queue: ['queue only (lag off)', { PGLITE_MAX_LAG_MS: '0' }],
  unbounded: [
    'unbounded (as before)',
    { PGLITE_MAX_LAG_MS: '0', PGLITE_QUEUE_MAX: '100000', PGLITE_QUEUE_TIMEOUT_MS: '120000' },
  ],
};
const picked = (process.env.OVERLOAD_RUNS ?? 'default,queue').split(',');
let verdict: boolean | undefined;
for (const name of picked) {
  const [label, env] = RUNS[name] ?? ['custom', {}];
  const r = await run(label, env);
  if (name === 'default') verdict = r.latency.p99 < 2000 && r.timeouts === 0;
}
if (verdict !== undefined)
  console.log(`target p99 < 2 s and none over 10 s with the defaults: ${verdict ? 'met' : 'NOT met'}`);
