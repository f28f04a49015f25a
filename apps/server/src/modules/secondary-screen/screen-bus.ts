import { EventEmitter } from 'node:events';
import type { ScreenState } from '@netbar/contract';
import { type LiveTopic, memoryTopic, redisTopic } from '../../lib/live-topic.ts';

/** One event for a store's screens: the 收银台's new state, or the end of the store's links. */
export type ScreenEvent = { netbarId: number } & (
  | { kind: 'state'; state: ScreenState }
  | { kind: 'revoked' }
);

/**
 * The screens' own topic (decision 191), apart from the consoles' live channel so that a screen never
 * receives a console frame: in process by default; with REDIS_URL one Redis pub/sub channel of its own,
 * so a cashier on process A reaches a screen streaming from process B. Each event gets the store's replay
 * id (the stream's `id:`), and a screen that reconnects with `Last-Event-ID` gets what it missed
 * (lib/live-topic.ts, decision 198).
 */
export interface ScreenBus {
  publish(e: ScreenEvent): Promise<void>;
  subscribe(netbarId: number, fn: (e: ScreenEvent, id?: number) => void): () => void;
  since(
    netbarId: number,
    after?: number,
  ): Promise<{ entries: { id: number; e: ScreenEvent }[]; head: number }>;
  close(): Promise<void>;
}

function overTopic(t: LiveTopic): ScreenBus {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  const off = t.subscribe((nid, body, id) => em.emit(String(nid), body, id));
  return {
    publish: (e) => t.publish(e.netbarId, e),
    subscribe(netbarId, fn) {
      em.on(String(netbarId), fn);
      return () => {
        em.off(String(netbarId), fn);
      };
    },
    async since(netbarId, after) {
      const r = await t.since(netbarId, after);
      return { head: r.head, entries: r.entries.map(({ id, body }) => ({ id, e: body as ScreenEvent })) };
    },
    async close() {
      off();
      em.removeAllListeners();
      await t.close();
    },
  };
}

export function memoryScreenBus(): ScreenBus {
  return overTopic(memoryTopic());
}

export async function redisScreenBus(
  url: string,
  channel: string,
  onError: (e: unknown) => void,
): Promise<ScreenBus> {
  return overTopic(await redisTopic(url, channel, onError));
}
