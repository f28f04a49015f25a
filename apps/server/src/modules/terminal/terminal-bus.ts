import { EventEmitter } from 'node:events';
import type { WsOutbound } from '@netbar/contract';
import { Redis } from 'ioredis';

/** One live event: what the store's consoles receive, and whether the store's terminal feed moved. */
export interface BusEvent {
  netbarId: number;
  msg: WsOutbound;
  /** An acknowledgement or a broadcast: wakes the terminal's long-poll. */
  toTerminal?: boolean;
  /** For the machines only: consoles are not told. */
  terminalOnly?: boolean;
}

/**
 * Carries live events to every server process (docs/decisions/111): in process by default; with
 * REDIS_URL through one Redis pub/sub channel, so a console connected to process A hears a call that
 * reached process B. Each process delivers only what it receives from the bus (never its own publish
 * directly), so nothing arrives twice.
 */
export interface TerminalBus {
  kind: 'memory' | 'redis';
  publish(e: BusEvent): Promise<void>;
  subscribe(fn: (e: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export function memoryBus(): TerminalBus {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(e) {
      em.emit('event', e);
    },
    subscribe(fn) {
      em.on('event', fn);
      return () => em.off('event', fn);
    },
    async close() {
      em.removeAllListeners();
    },
  };
}

/** `channel` names the database the processes share, so separate deployments on one Redis never mix. */
export async function redisBus(
  url: string,
  channel: string,
  onError: (e: unknown) => void,
): Promise<TerminalBus> {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  const local = memoryBus();
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    try {
      void local.publish(JSON.parse(text) as BusEvent);
    } catch (e) {
      onError(e);
    }
  });
  await sub.subscribe(channel);
  return {
    kind: 'redis',
    async publish(e) {
      await pub.publish(channel, JSON.stringify(e));
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
