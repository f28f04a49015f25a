import type { AddressInfo } from 'node:net';
import type { ScreenSettingsRow } from '@netbar/contract';
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
}

/** Opens /secondary_screen_stream like the page's EventSource and collects its events until it ends. */
export async function openStream(t: TestApp, token: string) {
  return openStreamAt(await portOf(t), token);
}

/** The same on a server listening at `port` (a second app instance). */
export async function openStreamAt(port: number, token: string) {
  const ctl = new AbortController();
  const res = await fetch(
    `http://127.0.0.1:${port}/api/v1/secondary_screen_stream?token=${encodeURIComponent(token)}`,
    { signal: ctl.signal },
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
          if (ev && data) got.push({ event: ev, data: JSON.parse(data) as Record<string, unknown> });
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
