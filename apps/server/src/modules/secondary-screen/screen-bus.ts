import { EventEmitter } from 'node:events';
import type { ScreenState } from '@netbar/contract';
import { Redis } from 'ioredis';

/** One event for a store's screens: the 收银台's new state, or the end of the store's links. */
export type ScreenEvent = { netbarId: number } & (
  | { kind: 'state'; state: ScreenState }
  | { kind: 'revoked' }
);

/**
 * The screens' own topic (decision 191), apart from the consoles' live channel so that a screen never
 * receives a console frame: in process by default; with REDIS_URL one Redis pub/sub channel of its own,
 * so a cashier on process A reaches a screen streaming from process B. As the terminal bus (decision 111),
 * each process delivers only what comes back from the bus.
 */
export interface ScreenBus {
  publish(e: ScreenEvent): Promise<void>;
  subscribe(netbarId: number, fn: (e: ScreenEvent) => void): () => void;
  close(): Promise<void>;
}

function local() {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  return {
    emit: (e: ScreenEvent) => em.emit(String(e.netbarId), e),
    subscribe(netbarId: number, fn: (e: ScreenEvent) => void) {
      em.on(String(netbarId), fn);
      return () => {
        em.off(String(netbarId), fn);
      };
    },
    close: () => em.removeAllListeners(),
  };
}

export function memoryScreenBus(): ScreenBus {
  const l = local();
  return {
    async publish(e) {
      l.emit(e);
    },
    subscribe: l.subscribe,
    async close() {
      l.close();
    },
  };
}

export async function redisScreenBus(
  url: string,
  channel: string,
  onError: (e: unknown) => void,
): Promise<ScreenBus> {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  const l = local();
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    try {
      l.emit(JSON.parse(text) as ScreenEvent);
    } catch (e) {
      onError(e);
    }
  });
  await sub.subscribe(channel);
  return {
    async publish(e) {
      await pub.publish(channel, JSON.stringify(e));
    },
    subscribe: l.subscribe,
    async close() {
      l.close();
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
