import { businessDay } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';

/** Decision 151: a store's business day starts at its own time (default 08:00, Asia/Shanghai). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sqlDay = async (at: string, minute: number) => {
  const r = await rows<{ d: string }>(
    t.database.db,
    sql`select business_day(${at}::timestamptz, ${minute})::text as d`,
  );
  return r[0]?.d;
};

describe('business_day', () => {
  const cases: [string, number, string][] = [
    // a sale at 03:00 Shanghai belongs to the previous day when the day starts 08:00
    ['2026-03-02 03:00:00+08', 480, '2026-03-01'],
    ['2026-03-02 07:59:59+08', 480, '2026-03-01'],
    ['2026-03-02 08:00:00+08', 480, '2026-03-02'],
    ['2026-03-01 23:59:59+08', 480, '2026-03-01'],
    // month and year ends, leap day
    ['2026-03-01 02:00:00+08', 480, '2026-02-28'],
    ['2024-03-01 02:00:00+08', 480, '2024-02-29'],
    ['2026-01-01 06:00:00+08', 480, '2025-12-31'],
    ['2026-05-01 00:30:00+08', 480, '2026-04-30'],
    // the same instant written in UTC: 2026-04-30 17:00Z is 05-01 01:00 in Shanghai
    ['2026-04-30 17:00:00+00', 480, '2026-04-30'],
    ['2026-04-30 17:00:00+00', 0, '2026-05-01'],
    // midnight start: calendar days; a late start (20:00)
    ['2026-03-02 00:00:00+08', 0, '2026-03-02'],
    ['2026-03-01 23:59:59+08', 0, '2026-03-01'],
    ['2026-03-02 19:59:00+08', 1200, '2026-03-01'],
    ['2026-03-02 20:00:00+08', 1200, '2026-03-02'],
  ];
  it.each(cases)(
    '%s with the day starting at minute %i is %s (SQL and the contract agree)',
    async (at, m, day) => {
      expect(await sqlDay(at, m)).toBe(day);
      expect(businessDay(new Date(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')), m)).toBe(day);
    },
  );
});

describe('the day start setting (/report_day_start)', () => {
  it('the owner reads 08:00 until saved, saves 06:30 and reads it back', async () => {
    const c = await t.as(DEMO.netbar);
    const r0 = await c.get<{ day_start: string }>('/api/v1/report_day_start');
    expect(r0.status, r0.msg).toBe(200);
    expect(r0.data.day_start).toBe('08:00');
    const r1 = await c.post<{ day_start: string; updated_by: string }>('/api/v1/report_day_start_save', {
      day_start: '06:30',
    });
    expect(r1.status, r1.msg).toBe(200);
    expect(r1.data).toMatchObject({ day_start: '06:30', updated_by: '张老板' });
    expect((await c.get<{ day_start: string }>('/api/v1/report_day_start')).data.day_start).toBe('06:30');
    // the store's history is marked for the rollup job
    expect(await count(t, 'report_dirty')).toBeGreaterThan(80);
  });

  it('bad times are refused in Chinese and change nothing', async () => {
    const c = await t.as(DEMO.netbar);
    for (const [day_start, msg] of [
      ['24:00', '营业日开始时间格式不正确（HH:mm）'],
      ['8:00', '营业日开始时间格式不正确（HH:mm）'],
      ['08:60', '营业日开始时间格式不正确（HH:mm）'],
      ['', '请选择营业日开始时间'],
    ] as const) {
      const r = await c.post('/api/v1/report_day_start_save', { day_start });
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect((await c.get<{ day_start: string }>('/api/v1/report_day_start')).data.day_start).toBe('06:30');
  });

  it('staff, agents and the administrator are refused', async () => {
    for (const who of [DEMO.netbarStaff, DEMO.agent, DEMO.admin]) {
      const c = await t.as(who);
      expect((await c.get('/api/v1/report_day_start')).status).toBe(40003);
      expect((await c.post('/api/v1/report_day_start_save', { day_start: '05:00' })).status).toBe(40003);
    }
    const rows0 = await rows<{ m: number }>(
      t.database.db,
      sql`select day_start_minute as m from report_settings`,
    );
    expect(rows0.map((r) => r.m)).toEqual([390]);
  });
});
