import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { rows } from '../../db/client.ts';
import type { Client, TestApp } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';

/** Ids of the demo stores by name. */
export async function storeIds(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const n of await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`))
    out[n.name] = n.id;
  return out;
}

/** A machine of the logged-in store user's store, made through the venue's own calls. */
export async function makeMachine(c: Client, name: string): Promise<number> {
  const area = await c.post<{ id: number }>('/api/v1/venue_area_save', { name: `终端测试${name}` });
  if (area.status !== 200) throw new Error(`area: ${area.status} ${area.msg}`);
  const m = await c.post<{ id: number }>('/api/v1/machine_save', { name, area_id: area.data.id });
  if (m.status !== 200) throw new Error(`machine: ${m.status} ${m.msg}`);
  return m.data.id;
}

/** A terminal of one store: its key and id in the headers of every call. */
export function terminal(c: Client, netbarId: number, key = `demo-server-key-${netbarId}`) {
  const headers = { 'x-server-key': key, 'x-netbar-id': String(netbarId) };
  return {
    post: <T = unknown>(url: string, body: Record<string, unknown>) =>
      c.request<T>('POST', url, body, { json: true, headers }),
    get: <T = unknown>(url: string, query: Record<string, unknown> = {}) => {
      const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      return c.request<T>('GET', `${url}?${q}`, undefined, { headers });
    },
  };
}

export type Frame = { type: number; id?: number; [k: string]: unknown };

/** Frames and waiters of each socket, recorded from its creation (the hello may arrive with the upgrade). */
const records = new WeakMap<WebSocket, { got: Frame[]; waiters: (() => void)[] }>();
function record(ws: WebSocket) {
  const r = { got: [] as Frame[], waiters: [] as (() => void)[] };
  records.set(ws, r);
  ws.on('message', (d) => {
    r.got.push(JSON.parse(d.toString()) as Frame);
    for (const w of r.waiters.splice(0)) w();
  });
}

/** A socket's frames so far; `next` waits for the first one matching `pred`. */
export function listen(ws: WebSocket) {
  const r = records.get(ws);
  if (!r) throw new Error('open sockets with openWs');
  const { got, waiters } = r;
  return {
    got,
    async next(pred: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const f = got.find(pred);
        if (f) return f;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(got)}`);
        await new Promise<void>((res) => {
          const timer = setTimeout(res, left);
          waiters.push(() => {
            clearTimeout(timer);
            res();
          });
        });
      }
    },
  };
}

const ports = new WeakMap<TestApp, Promise<number>>();

/** The app listening on a free loopback port (once per test app): sockets need a real server. */
export function portOf(t: TestApp): Promise<number> {
  let p = ports.get(t);
  if (!p) {
    p = t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => (t.app.server.address() as AddressInfo).port);
    ports.set(t, p);
  }
  return p;
}

/** Opens the console socket as that client (its session cookie); rejects with the HTTP status. */
export async function openWs(
  t: TestApp,
  c: Client,
  headers: Record<string, string> = {},
  query = '',
): Promise<WebSocket> {
  return openWsAt(await portOf(t), c, headers, query);
}

/** The same on any listening app (a second instance in a two-process test). */
export function openWsAt(
  port: number,
  c: Client,
  headers: Record<string, string> = {},
  query = '',
): Promise<WebSocket> {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws${query}`, {
    headers: { cookie, ...headers },
  });
  record(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A CALL from the machine through `term`; its message id. */
export async function callFrom(term: ReturnType<typeof terminal>, machineId: number): Promise<number> {
  const r = await term.post<{ id: number }>('/api/v1/terminal_call', {
    machine_id: machineId,
    request_id: rid(),
  });
  if (r.status !== 200) throw new Error(`call: ${r.status} ${r.msg}`);
  return r.data.id;
}

/**
 * Decision 198's scenario: a console hears one CALL live, drops, misses two, and reconnects with its
 * last `seq`; then one more CALL live. `open(query)` opens the console socket (on any instance).
 */
export async function missTwoCalls(
  open: (query: string) => Promise<WebSocket>,
  term: ReturnType<typeof terminal>,
  machineId: number,
) {
  const first = await open('');
  const rx = listen(first);
  const hello = await rx.next((f) => f.type === 1);
  const seen = await callFrom(term, machineId);
  const last = (await rx.next((f) => f.type === 4 && f.id === seen)).seq as number;
  await new Promise((r) => {
    first.once('close', r);
    first.terminate();
  });
  const missed = [await callFrom(term, machineId), await callFrom(term, machineId)];
  const again = await open(`?after=${last}`);
  const rx2 = listen(again);
  await rx2.next((f) => f.type === 4 && f.id === missed[1]);
  const live = await callFrom(term, machineId);
  await rx2.next((f) => f.type === 4 && f.id === live);
  await new Promise((r) => setTimeout(r, 300));
  again.terminate();
  const calls = rx2.got.filter((f) => f.type === 4);
  // exactly the two missed and the live one, in order, once, each with a larger replay id
  expect(calls.map((f) => f.id)).toEqual([...missed, live]);
  const seqs = calls.map((f) => f.seq as number);
  expect(seqs[0]).toBeGreaterThan(last);
  expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  expect(new Set(seqs).size).toBe(3);
  return { hello, got: rx2.got };
}
