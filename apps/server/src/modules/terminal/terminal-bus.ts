import type { WsOutbound } from '@netbar/contract';
import { type LiveTopic, memoryTopic, redisTopic } from '../../lib/live-topic.ts';

/** One live event: what the store's consoles receive, and whether the store's terminal feed moved. */
export interface BusEvent {
  netbarId: number;
  msg: WsOutbound;
  /** An acknowledgement or a broadcast: wakes the terminal's long-poll. */
  toTerminal?: boolean;
  /** For the machines only: consoles are not told (nor is it kept for replay). */
  terminalOnly?: boolean;
}

/**
 * Carries live events to every server process (docs/decisions/111, 198): in process by default; with
 * REDIS_URL through one Redis pub/sub channel, so a console connected to process A hears a call that
 * reached process B. Every console event gets the store's replay id (`seq` in the frame) and is kept a
 * while (lib/live-topic.ts), so a console that reconnects with its last id misses nothing.
 */
export interface TerminalBus {
  kind: 'memory' | 'redis';
  publish(e: BusEvent): Promise<void>;
  subscribe(fn: (e: BusEvent, id?: number) => void): () => void;
  /** The store's events after `after` (a reconnecting console), or only the head id without it. */
  since(netbarId: number, after?: number): Promise<{ entries: { id: number; e: BusEvent }[]; head: number }>;
  close(): Promise<void>;
}

function overTopic(t: LiveTopic): TerminalBus {
  return {
    kind: t.kind,
    publish: (e) => t.publish(e.netbarId, e, !e.terminalOnly),
    subscribe: (fn) => t.subscribe((_nid, body, id) => fn(body as BusEvent, id)),
    async since(netbarId, after) {
      const r = await t.since(netbarId, after);
      return { head: r.head, entries: r.entries.map(({ id, body }) => ({ id, e: body as BusEvent })) };
    },
    close: () => t.close(),
  };
}

export function memoryBus(): TerminalBus {
  return overTopic(memoryTopic());
}

/** `channel` names the database the processes share, so separate deployments on one Redis never mix. */
export async function redisBus(
  url: string,
  channel: string,
  onError: (e: unknown) => void,
): Promise<TerminalBus> {
  return overTopic(await redisTopic(url, channel, onError));
}
