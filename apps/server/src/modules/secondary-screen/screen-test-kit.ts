import type { AddressInfo } from 'node:net';
import type { ScreenSettingsRow } from '@netbar/contract';
import { expect } from 'vitest';
import type { Client, TestApp } from '../../test/harness.ts';

/** The 副屏 tests' helpers: calls by name, and a reader of the public event stream. */
export const screen = (c: Client) => ({
  read: () => c.get<ScreenSettingsRow>('/api/v1/secondary_screen_settings'),
  save: (b: Record<string, unknown>) =>
    c.request<ScreenSettingsRow>('POST', '/api/v1/secondary_screen_save', b, { json: true }),
  link: (action: string) =>
    c.request<ScreenSettingsRow>('POST', '/api/v1/secondary_screen_link', { action }, { json: true }),
  push: (b: Record<string, unknown>) =>
    c.request<null>('POST', '/api/v1/secondary_screen_push', b, { json: true }),
});

export const tokenOf = (link: string) => link.replace(/^\/screen\//, '');

const ports = new WeakMap<TestApp, Promise<number>>();
export function portOf(t: TestApp): Promise<number> {
  let p = ports.get(t);
  if (!p) {
    p = t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => (t.app.server.address() as AddressInfo).port);
    ports.set(t, p);
  }
  return p;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  /** The event's replay id (`id:`), when it has one. */
  id?: number;
}

/** Opens /secondary_screen_stream like the page's EventSource and collects its events until it ends. */
export async function openStream(t: TestApp, token: string) {
  return openStreamAt(await portOf(t), token);
}

/** The same on a server listening at `port` (a second app instance). */
export async function openStreamAt(port: number, token: string, lastEventId?: string) {
  const ctl = new AbortController();
  const res = await fetch(
    `http://127.0.0.1:${port}/api/v1/secondary_screen_stream?token=${encodeURIComponent(token)}`,
    { signal: ctl.signal, headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId } },
  );
  const got: SseEvent[] = [];
  let ended = false;
  const contentType = res.headers.get('content-type') ?? '';
  const done = (async () => {
    if (!contentType.startsWith('text/event-stream') || !res.body) return;
    const dec = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += dec.decode(chunk, { stream: true });
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (ev && data)
            got.push({
              event: ev,
              data: JSON.parse(data) as Record<string, unknown>,
              ...(id ? { id: Number(id) } : {}),
            });
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  return {
    status: res.status,
    contentType,
    json: contentType.includes('json') ? ((await res.json()) as { status: number; msg: string }) : undefined,
    got,
    ended: () => ended,
    done,
    close: () => ctl.abort(),
  };
}

async function waitFor(pred: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > until) throw new Error('timed out waiting for screen events');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const cartOf = (fen: number) => ({
  stage: 'cart',
  lines: [{ name: '红牛', qty: 1, amount_fen: fen }],
  list_fen: fen,
  saving_fen: 0,
  total_fen: fen,
});

/**
 * Decision 198 for the screen: a stream sees one cart, drops, misses two pushes, and is reopened with
 * its Last-Event-ID (as the browser's EventSource does); then one more push live. Totals 100, 200…400 fen.
 */
export async function missTwoPushes(
  open: (lastEventId?: string) => ReturnType<typeof openStreamAt>,
  pusher: Client,
) {
  const push = async (fen: number) => {
    const r = await screen(pusher).push(cartOf(fen));
    if (r.status !== 200) throw new Error(`push: ${r.status} ${r.msg}`);
  };
  const s = await open();
  await waitFor(() => s.got.length >= 1);
  await push(100);
  await waitFor(() => s.got.length >= 2);
  const last = s.got[1]!.id;
  s.close();
  await s.done;
  await push(200);
  await push(300);
  const again = await open(String(last));
  await waitFor(() => again.got.length >= 2);
  await push(400);
  await waitFor(() => again.got.length >= 3);
  await new Promise((r) => setTimeout(r, 300));
  again.close();
  // the cart seen, then exactly the two missed and the live one, in order, each with a larger id
  expect(s.got[1]).toMatchObject({ event: 'state', data: { total_fen: 100 } });
  expect(again.got.map((e) => e.data.total_fen)).toEqual([200, 300, 400]);
  const ids = again.got.map((e) => e.id!);
  expect(ids[0]).toBeGreaterThan(last!);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
}
