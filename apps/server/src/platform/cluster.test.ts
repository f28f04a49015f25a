// Issue 20's failover tests (docs/decisions/199): two real server processes on PostgreSQL and Redis
// behind Debian's haproxy (deploy/haproxy/haproxy.cfg), on loopback. Runs under server-pg with REDIS_URL
// only; haproxy is installed with apt when missing (skipped if that fails, e.g. offline).
import { WS_CLOSE } from '@netbar/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { ensureHaproxy } from '../../../../scripts/cluster-kit.mjs';
import {
  type Cluster,
  DRAIN_MS,
  ledgerCheck,
  loginCookie,
  startCluster,
  topUp,
  type WriteResult,
  writeLoad,
} from '../test/cluster-kit.ts';
import { adminUrl, testDbName, withDatabase } from '../test/db-names.ts';
import { isPgMode } from '../test/harness.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const haproxy = (() => {
  if (!isPgMode() || !pgUrl || !redisUrl) return false;
  try {
    return !!ensureHaproxy();
  } catch {
    console.log('haproxy 无法安装：跳过负载均衡测试');
    return false;
  }
})();

let cluster: Cluster | undefined;
let dbUrl = '';
let dropClone: (() => Promise<void>) | undefined;
/** Two members of 星际网咖旗舰店 (store 1) and one of 极速网吧 (another tenant). */
let members: number[] = [];
let otherMember = 0;
const NETBAR = 1;

beforeAll(async () => {
  if (!haproxy) return;
  const name = testDbName();
  const admin = new pg.Client({ connectionString: adminUrl(pgUrl!) });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  dropClone = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  dbUrl = withDatabase(pgUrl!, name);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const ids = await c.query<{ id: number; netbar_id: number }>(
    `select id, netbar_id from members where status = 1 order by id`,
  );
  await c.end();
  members = ids.rows
    .filter((r) => r.netbar_id === NETBAR)
    .slice(0, 4)
    .map((r) => r.id);
  otherMember = ids.rows.find((r) => r.netbar_id === 4)?.id ?? 0;
  cluster = await startCluster(dbUrl, redisUrl!);
}, 600_000);

afterAll(async () => {
  await cluster?.stop();
  await dropClone?.();
}, 120_000);

/** A console's live channel (/api/v1/ws) through the balancer, once its first message came. */
async function openConsole(base: string, cookie: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/ws`, { headers: { cookie } });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('error', reject);
  });
  return { ws, closed };
}

/** Two consoles opened one after the other land on the two processes (round robin): the first of them
 * to close, with its code; the other must still be open. */
async function firstClosed(consoles: Awaited<ReturnType<typeof openConsole>>[]) {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('没有控制台连接被关闭')), 15_000),
  );
  const code = await Promise.race([...consoles.map((k) => k.closed), timeout]);
  return { code, open: consoles.filter((k) => k.ws.readyState === WebSocket.OPEN).length };
}

const failed = (rs: WriteResult[]) => rs.filter((r) => r.status !== 200);
const show = (rs: WriteResult[]) => rs.map((r) => `${r.http}/${r.status} ${r.servedBy} ${r.msg}`).join('; ');

describe.runIf(haproxy)('two processes behind haproxy (issue 20, decision 199)', () => {
  it('a session made through one process is logged in on the other; tenants and bad input still refused', async () => {
    const c = cluster!;
    const cookie = await loginCookie(c.base, 'demo_netbar', 3);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${c.base}/api/v1/member_list?page=1&page_size=5`, {
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(((await r.json()) as { status: number }).status).toBe(200);
      seen.push(r.headers.get('x-served-by') ?? '');
    }
    // round robin: each call goes to the other process, and both know the session (Redis)
    expect(new Set(seen)).toEqual(new Set(['app1', 'app2']));
    expect(seen[0]).not.toBe(seen[1]);
    // another tenant's member: refused on both processes
    const refusals = [
      await topUp(c.base, cookie, otherMember, 'cl-other-1'),
      await topUp(c.base, cookie, otherMember, 'cl-other-2'),
    ];
    for (const r of refusals) expect(r.status, show(refusals)).not.toBe(200);
    expect(new Set(refusals.map((r) => r.servedBy)).size).toBe(2);
    // bad input: a Chinese message, not a 500
    const bad = await topUp(c.base, cookie, members[0]!, '');
    expect(bad.http).toBe(400);
    expect(bad.status).toBe(40000);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
    // without a session: refused
    const anon = await topUp(c.base, '', members[0]!, 'cl-anon');
    expect(anon.status).not.toBe(200);
  });

  it('kill -9 under load: only requests in flight on the killed process fail; no write lost or doubled', async () => {
    const c = cluster!;
    const cookie = await loginCookie(c.base, 'demo_netbar', 3);
    let stop = false;
    const t0 = performance.now();
    const consoles = [await openConsole(c.base, cookie), await openConsole(c.base, cookie)];
    const load = writeLoad(c.base, cookie, members, 8, () => stop, 'cl-kill');
    await new Promise((r) => setTimeout(r, 2000));
    const killedAt = performance.now();
    c.apps[0]!.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 4000));
    stop = true;
    const rs = await load;
    const bad = failed(rs);
    console.log(
      `kill -9：${rs.length} 次充值，失败 ${bad.length} 次（${show(bad)}），${Math.round(performance.now() - t0)} ms`,
    );
    // at most one request in flight per writer on the killed process
    expect(bad.length).toBeLessThanOrEqual(8);
    for (const r of bad) expect(r.at).toBeLessThan(killedAt + 100); // sent before the kill
    // the rest went to the other process
    const after = rs.filter((r) => r.at > killedAt + 100);
    expect(after.length).toBeGreaterThan(0);
    expect(
      after.every((r) => r.status === 200 && r.servedBy === 'app2'),
      show(after.slice(0, 5)),
    ).toBe(true);
    // a failed one sent again with its request id is applied at most once
    for (const r of bad) expect((await topUp(c.base, cookie, r.memberId, r.requestId)).status).toBe(200);
    const ids = rs.map((r) => r.requestId);
    const { count, unequal } = await ledgerCheck(dbUrl, NETBAR, ids, members);
    for (const r of rs) expect(count.get(r.requestId), r.requestId).toBe(1);
    expect(unequal).toEqual([]);
    // the console on the killed process lost its socket and connects again through the balancer
    expect(await firstClosed(consoles)).toEqual({ code: 1006, open: 1 });
    const again = await openConsole(c.base, cookie);
    for (const k of [...consoles, again]) k.ws.close();
    await c.restart(0);
  }, 600_000);

  it('SIGTERM under load: zero failed requests; the process exits 0 after its drain', async () => {
    const c = cluster!;
    const cookie = await loginCookie(c.base, 'demo_netbar', 3);
    let stop = false;
    const consoles = [await openConsole(c.base, cookie), await openConsole(c.base, cookie)];
    const load = writeLoad(c.base, cookie, members, 8, () => stop, 'cl-term');
    await new Promise((r) => setTimeout(r, 2000));
    const victim = c.apps[1]!.child;
    const exited = new Promise<number | null>((resolve) => victim.once('exit', (code) => resolve(code)));
    const sent = performance.now();
    victim.kill('SIGTERM');
    const code = await exited;
    const ms = performance.now() - sent;
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    const rs = await load;
    console.log(
      `SIGTERM：${rs.length} 次充值，失败 ${failed(rs).length} 次；SIGTERM → 退出 ${Math.round(ms)} ms（其中等待负载均衡 ${DRAIN_MS} ms）`,
    );
    expect(failed(rs), show(failed(rs))).toEqual([]);
    expect(code).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(ms).toBeLessThan(25_000);
    expect(rs.filter((r) => r.at > sent + DRAIN_MS).every((r) => r.servedBy === 'app1')).toBe(true);
    // the console on the stopped process was told to reconnect (1012) and does, through the balancer
    expect(await firstClosed(consoles)).toEqual({ code: WS_CLOSE.restarting, open: 1 });
    const again = await openConsole(c.base, cookie);
    for (const k of [...consoles, again]) k.ws.close();
    const { count, unequal } = await ledgerCheck(
      dbUrl,
      NETBAR,
      rs.map((r) => r.requestId),
      members,
    );
    for (const r of rs) expect(count.get(r.requestId), r.requestId).toBe(1);
    expect(unequal).toEqual([]);
  }, 600_000);
});
