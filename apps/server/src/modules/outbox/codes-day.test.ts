import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { KvStore } from '../../lib/kv.ts';
import { createCodeService } from './codes.service.ts';

/** A KvStore that only remembers which counters were increased. */
function recordingKv(): KvStore & { counted: string[] } {
  const counted: string[] = [];
  return {
    counted,
    get: async () => undefined,
    set: async () => {},
    take: async () => undefined,
    del: async () => {},
    incr: async (key) => {
      counted.push(key);
      return 1;
    },
    ttl: async () => 0,
  };
}

afterEach(() => vi.useRealTimers());

describe('verification code daily caps', () => {
  it('count the Beijing day: at 00:30 Beijing time (16:30 UTC the day before) it is already the new day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T16:30:00Z'));
    const kv = recordingKv();
    const svc = createCodeService(kv, loadConfig({ NODE_ENV: 'test' }), {
      hasProvider: () => false,
      send: async () => {},
    });
    await svc.issue({ purpose: 'register', channel: 'sms', to: '13700001111' }, '10.0.0.1');
    expect(kv.counted).toHaveLength(2);
    for (const key of kv.counted) expect(key.endsWith(':2026-03-02')).toBe(true);
  });
});
