// The local topology of `npm run cluster` (docs/decisions/199), shared by scripts/cluster.mjs, the
// failover test (apps/server/src/platform/cluster.test.ts) and `npm run bench -- cluster-ratio`:
// Debian's haproxy (installed with apt when missing), server processes on given ports, readiness polls.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
export const HAPROXY_CFG = `${root}deploy/haproxy/haproxy.cfg`;
const HAPROXY = '/usr/sbin/haproxy';

/** Debian's haproxy: installed with apt when missing (as scripts/ensure-browser.mjs does for chromium). */
export function ensureHaproxy() {
  if (existsSync(HAPROXY)) return HAPROXY;
  console.log('» 安装负载均衡器：haproxy');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy`,
    { stdio: 'inherit' },
  );
  return HAPROXY;
}

/** A port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Each line of a child's output, prefixed (`[app1] …`), to `write` (default: this process's stdout). */
export function forwardLines(stream, prefix, write = (l) => process.stdout.write(`${l}\n`)) {
  if (stream) createInterface({ input: stream }).on('line', (l) => write(`${prefix} ${l}`));
}

/**
 * Starts one server process: `args` after node (e.g. apps/server/dist/main.js, or --import tsx
 * src/main.ts), PORT and SERVER_NAME set, `env` on top of this process's environment.
 */
export function startServer({ name, port, args, env = {}, log }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), SERVER_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forwardLines(child.stdout, `[${name}]`, log);
  forwardLines(child.stderr, `[${name}]`, log);
  return child;
}

/** HAProxy on `bind` (host:port) in front of two servers (host:port each), from deploy/haproxy/haproxy.cfg. */
export function startHaproxy({ bind, servers, log }) {
  const bin = ensureHaproxy();
  const env = { ...process.env, NB_BIND: bind, NB_APP1: servers[0], NB_APP2: servers[1] };
  execSync(`${bin} -c -q -f ${HAPROXY_CFG}`, { env, stdio: 'inherit' });
  // -db: in the foreground, logging to stdout; -W: master-worker, so SIGTERM stops it cleanly
  const child = spawn(bin, ['-db', '-W', '-f', HAPROXY_CFG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  forwardLines(child.stdout, '[haproxy]', log);
  forwardLines(child.stderr, '[haproxy]', log);
  return child;
}

/** Polls `${base}/api/health/ready` until it answers 200; rejects after `ms` or when `child` exits. */
export async function waitReady(base, ms = 180_000, child) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${base} 的进程已退出（${child.exitCode}）`);
    const ok = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} 在 ${Math.round(ms / 1000)} 秒内没有就绪`);
}

/** Resolves with the exit code once `child` has exited (at once if it already has). */
export function exitOf(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
