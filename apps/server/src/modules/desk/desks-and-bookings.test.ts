import { shanghaiDateTime } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';

/** Rooms and tables and their bookings by time slot: CRUD, no double booking, cancel, no-show release. */

let t: TestApp;
let c: Client;
let room: number;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  const r = await c.post<{ id: number }>('/api/v1/desk_save', {
    name: '测试厅',
    kind: 'room',
    area: '二楼',
    capacity: 8,
    hourly_fen: 6000,
    min_spend_fen: 20000,
  });
  expect(r.status, r.msg).toBe(200);
  room = r.data.id;
});
afterAll(() => t.close());

/** 'YYYY-MM-DD HH:mm' CST, `min` minutes from now, on a whole 10 minutes. */
const at = (min: number) => {
  const ms = Date.now() + min * 60_000;
  return shanghaiDateTime(ms - (ms % 600_000)).slice(0, 16);
};
const book = (who: Client, from: number, to: number, extra: Record<string, unknown> = {}) =>
  who.post<{ id: number; status: string; start_at: string }>('/api/v1/desk_booking_save', {
    request_id: rid(),
    desk_id: room,
    customer_name: '王先生',
    mobile: '13900000001',
    start_at: at(from),
    end_at: at(to),
    ...extra,
  });
const bookings = () => count(t, 'desk_bookings');

describe('desks', () => {
  it('adds, edits, lists and hides a desk; a duplicate name is refused', async () => {
    const add = await c.post<{ id: number; kind: string }>('/api/v1/desk_save', {
      name: 'A1',
      kind: 'table',
      capacity: 4,
      hourly_fen: 1500,
      min_spend_fen: 0,
    });
    expect(add.status, add.msg).toBe(200);
    expect(add.data.kind).toBe('table');
    const edit = await c.post<{ hourly_fen: number; enabled: boolean }>('/api/v1/desk_save', {
      id: add.data.id,
      name: 'A1',
      kind: 'table',
      capacity: 6,
      hourly_fen: 1800,
      min_spend_fen: 0,
      enabled: '0',
    });
    expect(edit.data).toMatchObject({ hourly_fen: 1800, enabled: false });
    const dup = await c.post('/api/v1/desk_save', {
      name: '测试厅',
      kind: 'room',
      capacity: 4,
      hourly_fen: 100,
    });
    expect([dup.status, dup.msg]).toEqual([40009, '名称已存在，请换一个名称']);
    const list = await c.get<{ list: { name: string }[]; count: number }>('/api/v1/desk_list', {
      kind: 'table',
      keyword: 'A',
    });
    expect(list.data.list.map((d) => d.name)).toEqual(['A1']);
    expect((await c.post('/api/v1/desk_delete', { id: add.data.id })).status).toBe(200);
    expect((await c.get('/api/v1/desk_detail', { id: add.data.id })).status).toBe(40004);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = await count(t, 'desks');
    const cases: [Record<string, unknown>, string][] = [
      [{ hourly_fen: -1 }, '每小时价格须为0-1000000元之间的金额'],
      [{ min_spend_fen: 'abc' }, '最低消费须为0-1000000元之间的金额'],
      [{ hourly_fen: 0, min_spend_fen: 0 }, '请填写每小时价格或最低消费'],
      [{ capacity: 0 }, '可容纳人数须为1-100的整数'],
      [{ name: '' }, '名称为1-20个字符'],
      [{ kind: 'sofa' }, '请选择类型（包间或桌台）'],
    ];
    for (const [bad, msg] of cases) {
      const r = await c.post('/api/v1/desk_save', {
        name: 'B1',
        kind: 'table',
        capacity: 4,
        hourly_fen: 100,
        ...bad,
      });
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'desks')).toBe(before);
  });

  it('refuses agents and staff without 10521; another store sees 40004', async () => {
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/desk_list')).status).toBe(40003);
    const staff = await t.as(DEMO.netbarStaff);
    // the cashier (264) reads desks and books, but does not manage them
    expect((await staff.get('/api/v1/desk_list')).status).toBe(200);
    const r = await staff.post('/api/v1/desk_save', {
      name: 'S1',
      kind: 'table',
      capacity: 2,
      hourly_fen: 100,
    });
    expect(r.status).toBe(40003);
    // granted 包间管理 10521 by the owner, the same employee manages them
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 10521 from users where user_name = 'demo_netbar_staff'`,
    );
    const manager = await t.as(DEMO.netbarStaff);
    const made = await manager.post('/api/v1/desk_save', {
      name: 'S1',
      kind: 'table',
      capacity: 2,
      hourly_fen: 100,
    });
    expect(made.status, made.msg).toBe(200);
    expect((await manager.post('/api/v1/desk_delete', { id: (made.data as { id: number }).id })).status).toBe(
      200,
    );
    const other = await t.as(DEMO.netbar2);
    expect((await other.get('/api/v1/desk_detail', { id: room })).status).toBe(40004);
    const edit = await other.post('/api/v1/desk_save', {
      id: room,
      name: '抢来的',
      kind: 'room',
      capacity: 2,
      hourly_fen: 100,
    });
    expect(edit.status).toBe(40004);
    expect((await other.post('/api/v1/desk_delete', { id: room })).status).toBe(40004);
    expect((await c.get<{ name: string }>('/api/v1/desk_detail', { id: room })).data.name).toBe('测试厅');
  });
});

describe('bookings by time slot', () => {
  it('books a slot and refuses an overlapping one with 该时段已被预订', async () => {
    const a = await book(c, 120, 240);
    expect(a.status, a.msg).toBe(200);
    expect(a.data.status).toBe('booked');
    const before = await bookings();
    for (const [from, to] of [
      [180, 300],
      [60, 130],
      [130, 200],
      [60, 300],
    ] as const) {
      const r = await book(c, from, to);
      expect(r.status).toBe(40009);
      expect(r.msg).toContain('该时段已被预订');
    }
    expect(await bookings()).toBe(before);
    // touching slots do not overlap
    expect((await book(c, 240, 300)).status).toBe(200);
    expect((await book(c, 60, 120)).status).toBe(200);
  });

  it('applies a retried booking once (40007 with the same booking)', async () => {
    const request_id = rid();
    const first = await book(c, 24 * 60, 25 * 60, { request_id });
    const again = await book(c, 24 * 60, 25 * 60, { request_id });
    expect(first.status).toBe(200);
    expect([again.status, again.data.id]).toEqual([40007, first.data.id]);
  });

  it('two concurrent bookings of the same slot: exactly one succeeds', async () => {
    const before = await bookings();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => book(c, 48 * 60, 50 * 60, { mobile: `1390000010${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.msg).toContain('该时段已被预订');
    expect(await bookings()).toBe(before + 1);
  });

  it('refuses bad input: days that do not exist, end before start, past and far slots', async () => {
    const before = await bookings();
    const cases: [Record<string, unknown>, string][] = [
      [{ start_at: '2026-02-30 18:00' }, '开始时间格式为YYYY-MM-DD HH:mm'],
      [{ end_at: '2026-13-01 18:00' }, '结束时间格式为YYYY-MM-DD HH:mm'],
      [{ start_at: at(300), end_at: at(200) }, '结束时间须晚于开始时间'],
      [{ start_at: at(300), end_at: at(300) }, '结束时间须晚于开始时间'],
      [{ start_at: at(300), end_at: at(300 + 25 * 60) }, '单次预订最长24小时'],
      [{ start_at: at(-300), end_at: at(-200) }, '预订的结束时间已过，请重新选择时段'],
      [{ start_at: at(91 * 1440), end_at: at(91 * 1440 + 60) }, '最多可提前90天预订'],
      [{ mobile: '', customer_name: '' }, '请填写顾客手机号或选择会员'],
      [{ mobile: '123' }, '手机号格式不正确'],
      [{ desk_id: 'x' }, '请选择包间/桌台'],
    ];
    for (const [bad, msg] of cases) {
      const r = await c.post('/api/v1/desk_booking_save', {
        request_id: rid(),
        desk_id: room,
        mobile: '13900000009',
        start_at: at(3000),
        end_at: at(3060),
        ...bad,
      });
      expect([r.status, r.msg], JSON.stringify(bad)).toEqual([40000, msg]);
    }
    const other = await t.as(DEMO.netbar2);
    const theirs = await book(other, 4000, 4060);
    expect(theirs.status).toBe(40004);
    expect(await bookings()).toBe(before);
  });

  it('cancels a booking, which frees its slot; a cancelled booking cannot be cancelled again', async () => {
    const b = await book(c, 72 * 60, 73 * 60);
    expect((await book(c, 72 * 60, 73 * 60)).status).toBe(40009);
    const x = await c.post<{ status: string }>('/api/v1/desk_booking_cancel', {
      id: b.data.id,
      reason: '顾客改期',
    });
    expect([x.status, x.data.status]).toEqual([200, 'cancelled']);
    expect((await c.post('/api/v1/desk_booking_cancel', { id: b.data.id })).msg).toBe(
      '预订已取消，不能再操作',
    );
    expect((await book(c, 72 * 60, 73 * 60)).status).toBe(200);
    const other = await t.as(DEMO.netbar2);
    expect((await other.post('/api/v1/desk_booking_cancel', { id: b.data.id })).status).toBe(40004);
  });

  it('releases a no-show: by hand once the slot began, by itself 30 minutes after the start', async () => {
    const b = await book(c, 96 * 60, 97 * 60);
    const early = await c.post('/api/v1/desk_booking_no_show', { id: b.data.id });
    expect([early.status, early.msg]).toEqual([40009, '预订时间未到，不能标记为未到店（可取消预订）']);
    const db = t.database.db;
    const shift = (id: number, min: number) =>
      rows(
        db,
        sql`update desk_bookings set start_at = now() - make_interval(mins => ${min}), end_at = now() + interval '1 hour' where id = ${id}`,
      );
    await shift(b.data.id, 5);
    const done = await c.post<{ status: string }>('/api/v1/desk_booking_no_show', { id: b.data.id });
    expect([done.status, done.data.status]).toEqual([200, 'no_show']);

    const late = await book(c, 98 * 60, 99 * 60);
    await shift(late.data.id, 31);
    const list = await c.get<{ list: { id: number; status: string }[] }>('/api/v1/desk_booking_list', {
      desk_id: room,
      page_size: 50,
    });
    expect(list.data.list.find((x) => x.id === late.data.id)?.status).toBe('no_show');
  });

  it('lists the bookings of a day; a day that does not exist is refused', async () => {
    const day = at(120).slice(0, 10);
    const r = await c.get<{ list: { desk_name: string }[]; count: number }>('/api/v1/desk_booking_list', {
      date: day,
      desk_id: room,
    });
    expect(r.status).toBe(200);
    expect(r.data.count).toBeGreaterThan(0);
    expect(r.data.list[0]?.desk_name).toBe('测试厅');
    const bad = await c.get('/api/v1/desk_booking_list', { date: '2026-02-30' });
    expect([bad.status, bad.msg]).toEqual([40000, '日期格式为YYYY-MM-DD']);
  });
});

describe('the demo', () => {
  it('gives 星际网咖旗舰店 its rooms and tables and the coming week of bookings', async () => {
    const board = await c.get<{
      list: { name: string; state: string; next_booking: { customer: string } | null }[];
    }>('/api/v1/desk_board');
    const names = board.data.list.map((d) => d.name);
    for (const n of ['牡丹厅', '兰亭', '竹轩', '开黑五连座', 'T1', 'T6']) expect(names).toContain(n);
    expect(board.data.list.find((d) => d.name === 'T6')?.state).toBe('disabled');
    expect(board.data.list.find((d) => d.name === '牡丹厅')?.next_booking?.customer).toBe('王先生');
    const other = await t.as(DEMO.netbar2);
    expect((await other.get<{ list: unknown[] }>('/api/v1/desk_board')).data.list).toEqual([]);
  });
});
