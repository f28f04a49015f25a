#!/usr/bin/env node
// `npm run cluster`: the multi-process topology on this machine, without containers (docs/decisions/199):
// HAProxy on one public port (CLUSTER_PORT, default 8080) in front of two server processes (ports
// CLUSTER_APP_PORTS, default 8081,8082, on 127.0.0.1 only) that share PostgreSQL (DATABASE_URL, default
// the database netbar_cluster on 127.0.0.1:5432, created, migrated and seeded with the demo once) and
// Redis (REDIS_URL, default 127.0.0.1:6379). Ctrl-C stops everything. `npm start` stays the embedded one.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import pg from 'pg';
import { exitOf, startHaproxy, startServer, waitReady } from './cluster-kit.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = process.env;
const publicPort = Number(env.CLUSTER_PORT ?? 8080);
const appPorts = (env.CLUSTER_APP_PORTS ?? '8081,8082').split(',').map(Number);
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/netbar_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const fail = (msg) => {
  console.error(`✗ ${msg}`);
  process.exit(1);
};
if (appPorts.length !== 2 || appPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535))
  fail('CLUSTER_APP_PORTS 必须是两个端口，例如 8081,8082');

const b = spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);

// the database: created when missing (the first server migrates it and seeds the demo)
const url = new URL(databaseUrl);
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`数据库名只能是小写字母、数字和下划线：${name}`);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect().catch((e) => fail(`无法连接 PostgreSQL（${adminUrl.host}）：${e.message}`));
const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
if (!exists.rowCount) {
  await admin.query(`create database ${name}`);
  console.log(`» 已创建数据库 ${name}`);
}
await admin.end();
const redis = new URL(redisUrl);
await new Promise((resolve) => {
  const s = connect(Number(redis.port || 6379), redis.hostname);
  s.once('connect', () => resolve(s.end()));
  s.once('error', (e) => fail(`无法连接 Redis（${redis.host}）：${e.message}`));
});

const serverEnv = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  HOST: '127.0.0.1',
  // the client's address comes from HAProxy's X-Forwarded-For
  TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1',
  // longer than HAProxy's health check takes to see ready=503 (fall 2 × inter 1 s)
  SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? '3000',
  // HAProxy's health checks would be two info lines a second per process
  LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
};
const args = ['--enable-source-maps', `${root}apps/server/dist/main.js`];
const children = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('» 正在停止：负载均衡器与两个服务进程');
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map(exitOf));
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(0));

const servers = appPorts.map((port, i) => ({ name: `app${i + 1}`, port, base: `http://127.0.0.1:${port}` }));
// one after the other: the first migrates and seeds, the second finds it done
for (const s of servers) {
  const child = startServer({ name: s.name, port: s.port, args, env: serverEnv });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) console.log(`» ${s.name} 已退出（${signal ?? code}）；负载均衡器把请求交给另一个进程`);
  });
  try {
    await waitReady(s.base, 600_000, child);
  } catch (e) {
    console.error(`✗ ${e.message}`);
    await stopAll(1);
  }
}
const haproxy = startHaproxy({
  bind: `0.0.0.0:${publicPort}`,
  servers: servers.map((s) => `127.0.0.1:${s.port}`),
});
children.push(haproxy);
haproxy.once('exit', (code) => {
  if (!stopping) {
    console.error(`✗ haproxy 已退出（${code}）`);
    stopAll(1);
  }
});
await waitReady(`http://127.0.0.1:${publicPort}`, 30_000, haproxy).catch(async (e) => {
  console.error(`✗ ${e.message}`);
  await stopAll(1);
});
console.log(`
网吧云管理平台（多进程）已启动：http://127.0.0.1:${publicPort}
  负载均衡：HAProxy（轮询，健康检查 /api/health/ready）→ ${servers.map((s) => `${s.name} 127.0.0.1:${s.port}`).join('、')}
  数据库：PostgreSQL ${url.host}/${name}；会话与实时消息：Redis ${redis.host}
  演示账号（密码均为 demo123456）：demo_netbar（网吧）、demo_netbar_staff（收银员）、demo_agent（代理商）、demo_admin（管理员）、demo_pay（支付公司）
  每个回答的 x-served-by 头表示由哪个进程处理；按 Ctrl-C 停止全部进程。`);
