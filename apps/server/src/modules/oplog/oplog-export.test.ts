import type { OplogRow } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { OPLOG_COLUMNS } from './oplog-export.ts';

describe('operation-log export columns', () => {
  it('writes the time in Beijing time, zero-padded, also at 00:30 (the previous UTC day)', () => {
    const at = Date.UTC(2026, 0, 4, 16, 30, 5) / 1000; // 2026-01-05 00:30:05 CST
    expect(OPLOG_COLUMNS[0]!.value({ at } as OplogRow)).toBe('2026-01-05 00:30:05');
  });
});
