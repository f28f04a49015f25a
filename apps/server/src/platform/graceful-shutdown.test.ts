import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WS_CLOSE } from '@netbar/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../db/client.ts';
import { adminUrl, testDbName, withDatabase } from '../test/db-names.ts';
import { isPgMode } from '../test/harness.ts';

const CHILD = fileURLToPath(new URL('../test/serve-child.ts', import.meta.url));
let child: ChildProcess | undefined;
/** On PostgreSQL: the child's own clone of the run's template, dropped after the test. */
let dropClone: (() => Promise<void>) | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await dropClone?.();
});

/** The child's database: a clone of the PostgreSQL template, or the PGlite snapshot. */
async function childDatabase(): Promise<Record<string, string>> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!isPgMode() || !pgUrl) return { NB_TEST_SNAPSHOT: inject('pgliteSnapshot') };
  const name = testDbName();
  const admin = await openDatabase({ databaseUrl: adminUrl(pgUrl) });
  await admin.exec(`create database ${name} template ${inject('pgTemplate')}`);
  dropClone = async () => {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  return { NB_TEST_DATABASE_URL: withDatabase(pgUrl, name) };
}

/** Starts the child server; resolves with its port. */
async function start(): Promise<number> {
  child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...(await childDatabase()) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (d) => {
      out += String(d);
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child!.once('exit', (code) => reject(new Error(`child exited ${code} before listening`)));
  });
}

const LOGIN = new URLSearchParams({
  user_name: 'demo_netbar',
  password: 'demo123456',
  captcha: '1234',
  type: '3',
}).toString();
const loginHead = (port: number) =>
  `POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Requested-With: XMLHttpRequest\r\n` +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(LOGIN)}\r\n\r\n`;

describe('4. graceful stop on SIGTERM (decision 193)', () => {
  it('a slow request in flight finishes 200, new connections are refused, consoles get 1012, exit 0 within 25 s', async () => {
    const port = await start();
    const base = `http://127.0.0.1:${port}`;
    // a console on the live channel
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      body: LOGIN,
    });
    expect(((await login.json()) as { status: number }).status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      ws.once('message', resolve);
      ws.once('error', reject);
    });
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    // a slow upload: headers and half the body now, the rest after SIGTERM
    const slow = connect(port, '127.0.0.1');
    let answer = '';
    slow.on('data', (d) => {
      answer += String(d);
    });
    const slowDone = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    slow.write(loginHead(port) + LOGIN.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const sent = performance.now();
    child!.kill('SIGTERM');
    expect(await wsClosed).toBe(WS_CLOSE.restarting);
    // the listening socket is closed: a new connection is refused
    await new Promise((r) => setTimeout(r, 300));
    const refused = await fetch(`${base}/api/health/live`).then(
      () => 'answered',
      (e: Error) => String((e.cause as { code?: string } | undefined)?.code ?? e.message),
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(child!.exitCode).toBeNull(); // still finishing the slow request

    slow.write(LOGIN.slice(10));
    await slowDone;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"status":200');

    expect(await exited).toBe(0);
    const ms = performance.now() - sent;
    expect(ms).toBeLessThan(25_000);
    console.log(`SIGTERM → exit: ${Math.round(ms)} ms (with a request held ~300 ms)`);
  }, 180_000);
});
