import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Messages kept per store for a reconnecting listener (console socket, screen stream). */
export const REPLAY_KEEP = 300;
/** How long a store's kept messages outlive its last one. */
export const REPLAY_TTL_S = 600;

/** One delivery: `id` is the store's replay id (absent for a message that is never replayed). */
export type TopicHandler = (netbarId: number, body: unknown, id?: number) => void;

export interface Replay {
  /** Kept messages of the store after `after`, oldest first. */
  entries: { id: number; body: unknown }[];
  /** The store's newest id at the time of the read (`after` itself when given and nothing came since). */
  head: number;
}

/**
 * A live topic with a replay buffer per store (docs/decisions/198): every kept message gets an id that
 * only grows (microseconds since 1970, or the previous id + 1), is delivered to every process's
 * subscribers in id order and kept (REPLAY_KEEP, REPLAY_TTL_S) so that a listener that reconnects with
 * the last id it saw gets exactly what came after. In process by default; with REDIS_URL one pub/sub
 * channel and one Redis Stream per store, the id given, appended and published in one Lua script, so the
 * order of delivery is the order of the ids on every process. Each process delivers only what comes
 * back from the topic (never its own publish directly), so nothing arrives twice.
 */
export interface LiveTopic {
  kind: 'memory' | 'redis';
  /** `keep: false`: delivered now without an id and never replayed (a wake-up for machines only). */
  publish(netbarId: number, body: unknown, keep?: boolean): Promise<void>;
  subscribe(fn: TopicHandler): () => void;
  /** What a listener missed after `after`; without `after`, only the head to start from. */
  since(netbarId: number, after?: number): Promise<Replay>;
  close(): Promise<void>;
}

function emitter() {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  return {
    emit: (nid: number, body: unknown, id?: number) => em.emit('m', nid, body, id),
    subscribe(fn: TopicHandler) {
      em.on('m', fn);
      return () => {
        em.off('m', fn);
      };
    },
    close: () => em.removeAllListeners(),
  };
}

/** The embedded default: a ring per store in this process. */
export function memoryTopic(keep = REPLAY_KEEP, ttlSeconds = REPLAY_TTL_S): LiveTopic {
  const em = emitter();
  const rings = new Map<number, { id: number; at: number; body: unknown }[]>();
  let last = 0;
  const fresh = (nid: number) => {
    const ring = rings.get(nid) ?? [];
    const cut = Date.now() - ttlSeconds * 1000;
    while (ring.length && ring[0]!.at < cut) ring.shift();
    if (!ring.length) rings.delete(nid);
    return ring;
  };
  return {
    kind: 'memory',
    async publish(nid, body, kept = true) {
      if (!kept) {
        em.emit(nid, body);
        return;
      }
      // ids keep growing across restarts of this process: they start from the clock
      last = Math.max(last + 1, Date.now() * 1000);
      const ring = fresh(nid);
      ring.push({ id: last, at: Date.now(), body });
      if (ring.length > keep) ring.splice(0, ring.length - keep);
      rings.set(nid, ring);
      em.emit(nid, body, last);
    },
    subscribe: em.subscribe,
    async since(nid, after) {
      const ring = fresh(nid);
      const entries =
        after === undefined ? [] : ring.filter((e) => e.id > after).map(({ id, body }) => ({ id, body }));
      return { entries, head: entries.at(-1)?.id ?? after ?? ring.at(-1)?.id ?? 0 };
    },
    async close() {
      em.close();
      rings.clear();
    },
  };
}

// KEYS[1] the store's stream; ARGV: keep, ttl, channel, store id, body. Returns the id.
const APPEND = `
local t = redis.call('TIME')
local id = tonumber(t[1]) * 1000000 + tonumber(t[2])
local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
if top then
  local n = tonumber(string.match(top[1], '^(%d+)'))
  if n >= id then id = n + 1 end
end
local sid = string.format('%.0f', id)
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], sid .. '-0', 'b', ARGV[5])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', ARGV[3], sid .. ' ' .. ARGV[4] .. ' ' .. ARGV[5])
return sid`;

type StreamEntry = [string, string[]];
const idOf = (streamId: string) => Number(streamId.split('-')[0]);

/** `channel` names the deployment (from its database), so two deployments on one Redis never mix. */
export async function redisTopic(
  url: string,
  channel: string,
  onError: (e: unknown) => void,
  keep = REPLAY_KEEP,
  ttlSeconds = REPLAY_TTL_S,
): Promise<LiveTopic> {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  pub.defineCommand('netbarAppend', { numberOfKeys: 1, lua: APPEND });
  const scripted = pub as unknown as { netbarAppend: (...a: (string | number)[]) => Promise<string> };
  const key = (nid: number) => `${channel}:log:${nid}`;
  const em = emitter();
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    try {
      // "<id or -> <store> <json>"
      const a = text.indexOf(' ');
      const b = text.indexOf(' ', a + 1);
      const id = text.slice(0, a);
      em.emit(
        Number(text.slice(a + 1, b)),
        JSON.parse(text.slice(b + 1)),
        id === '-' ? undefined : Number(id),
      );
    } catch (e) {
      onError(e);
    }
  });
  await sub.subscribe(channel);
  const body = (e: StreamEntry) => JSON.parse(e[1][e[1].indexOf('b') + 1] ?? 'null') as unknown;
  return {
    kind: 'redis',
    async publish(nid, msg, kept = true) {
      const text = JSON.stringify(msg);
      if (!kept) await pub.publish(channel, `- ${nid} ${text}`);
      else await scripted.netbarAppend(key(nid), keep, ttlSeconds, channel, nid, text);
    },
    subscribe: em.subscribe,
    async since(nid, after) {
      if (after === undefined) {
        const top = (await pub.xrevrange(key(nid), '+', '-', 'COUNT', 1)) as StreamEntry[];
        return { entries: [], head: top[0] ? idOf(top[0][0]) : 0 };
      }
      const list = (await pub.xrange(key(nid), `(${after}-0`, '+', 'COUNT', keep * 2)) as StreamEntry[];
      const entries = list.map((e) => ({ id: idOf(e[0]), body: body(e) }));
      return { entries, head: entries.at(-1)?.id ?? after };
    },
    async close() {
      em.close();
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
