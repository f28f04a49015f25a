import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';
import { setSeatSessionSource } from './index.ts';

/** The seat-map editor saves versions with an optimistic check; the live map colours seats by state. */

let t: TestApp;
let c: Client;
type Area = { id: number; name: string };
type Layout = {
  version: number;
  cols: number;
  rows: number;
  cells: { x: number; y: number; kind: string; machine_id?: number }[];
};
let mine: number;
let rooms: number;
let free: { id: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  const areas = (await c.get<{ list: Area[] }>('/api/v1/venue_area_list')).data.list;
  rooms = areas.find((a) => a.name === '包间')!.id;
  const a = await c.post<{ id: number }>('/api/v1/venue_area_save', { name: '新区' });
  await c.post('/api/v1/machine_bulk_add', { area_id: a.data.id, prefix: 'N', start: 1, end: 3 });
  free = (
    await c.get<{ list: { id: number; name: string }[] }>('/api/v1/machine_list', { area_id: a.data.id })
  ).data.list;
  mine = a.data.id;
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>) =>
  c.request('POST', '/api/v1/seat_layout_save', body, { json: true });
const layout = async (area = mine) => (await c.get<Layout>('/api/v1/seat_layout', { area_id: area })).data;

describe('saving the seat map', () => {
  it('a new area opens as an empty 12×8 grid at version 0; each save is a new version', async () => {
    expect(await layout()).toMatchObject({ version: 0, cols: 12, rows: 8, cells: [] });
    const cells = [
      { x: 0, y: 0, kind: 'door' },
      { x: 1, y: 0, kind: 'counter' },
      { x: 2, y: 2, kind: 'machine', machine_id: free[0]!.id },
    ];
    const r1 = await save({ area_id: mine, base_version: 0, cols: 10, rows: 6, cells });
    expect(r1).toMatchObject({ status: 200, msg: '保存成功', data: { version: 1 } });
    const r2 = await save({
      area_id: mine,
      base_version: 1,
      cols: 10,
      rows: 6,
      cells: [...cells, { x: 3, y: 2, kind: 'machine', machine_id: free[1]!.id }],
    });
    expect(r2.data).toEqual({ version: 2 });
    const l = await layout();
    expect(l.version).toBe(2);
    expect(l.cells).toHaveLength(4);
    const versions = await rows<{ version: number }>(
      t.database.db,
      sql`select version from seat_layouts where area_id = ${mine} order by version`,
    );
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('a save over a version someone else replaced answers 40009 and writes nothing', async () => {
    const before = await count(t, 'seat_layouts');
    const r = await save({ area_id: mine, base_version: 1, cols: 10, rows: 6, cells: [] });
    expect(r).toMatchObject({ status: 40009, msg: '机位图已被他人修改（当前版本2），请刷新后再保存' });
    expect(await count(t, 'seat_layouts')).toBe(before);
  });

  it('two editors saving over the same version at once: exactly one wins', async () => {
    const answers = await Promise.all(
      [4, 5].map((n) => save({ area_id: mine, base_version: 2, cols: n + 6, rows: 6, cells: [] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 40009]);
    expect((await layout()).version).toBe(3);
  });

  it.each([
    [{ cols: 3 }, '列数须为4-40的整数'],
    [{ rows: 41 }, '行数须为4-40的整数'],
    [{ cols: -1 }, '列数须为4-40的整数'],
    [{ cells: [{ x: 12, y: 0, kind: 'door' }] }, '格子超出网格范围（第1行第13列）'],
    [{ cells: [{ x: -1, y: 0, kind: 'door' }] }, '坐标超出网格'],
    [{ cells: [{ x: 0, y: 0, kind: 'sofa' }] }, '格子类型不正确'],
    [
      {
        cells: [
          { x: 0, y: 0, kind: 'door' },
          { x: 0, y: 0, kind: 'wall' },
        ],
      },
      '第1行第1列放了多个元素',
    ],
    [{ cells: [{ x: 0, y: 0, kind: 'machine' }] }, '机器格子必须指定机器'],
    [{ cells: [{ x: 0, y: 0, kind: 'wall', machine_id: 1 }] }, '只有机器格子可以指定机器'],
    [{ cells: 'not json' }, '格子数据不正确'],
    [{ base_version: -1 }, '参数错误'],
  ])('refuses %o: %s', async (patch, msg) => {
    const before = await count(t, 'seat_layouts');
    const r = await save({ area_id: mine, base_version: 3, cols: 12, rows: 8, cells: [], ...patch });
    expect(r).toMatchObject({ status: 40000, msg });
    expect(await count(t, 'seat_layouts')).toBe(before);
  });

  it('a machine placed twice, of another area, or of another store is refused', async () => {
    const twice = await save({
      area_id: mine,
      base_version: 3,
      cols: 12,
      rows: 8,
      cells: [
        { x: 0, y: 0, kind: 'machine', machine_id: free[0]!.id },
        { x: 1, y: 0, kind: 'machine', machine_id: free[0]!.id },
      ],
    });
    expect(twice).toMatchObject({ status: 40000, msg: '同一台机器不能放在两个位置' });
    const roomMachine = (await c.get<{ list: { id: number }[] }>('/api/v1/machine_list', { area_id: rooms }))
      .data.list[0]!.id;
    const wrongArea = await save({
      area_id: mine,
      base_version: 3,
      cols: 12,
      rows: 8,
      cells: [{ x: 0, y: 0, kind: 'machine', machine_id: roomMachine }],
    });
    expect(wrongArea.status).toBe(40004);
    const other = await t.as(DEMO.netbar2);
    const theirs = await other.request(
      'POST',
      '/api/v1/seat_layout_save',
      { area_id: mine, base_version: 3, cols: 12, rows: 8, cells: [] },
      { json: true },
    );
    expect(theirs).toMatchObject({ status: 40004, msg: '区域不存在' });
    expect((await layout()).version).toBe(3);
  });
});

describe('the live map (/diagram_detail)', () => {
  type Seat = { id: number; name: string; state: string; session: unknown; reservation: unknown };
  const live = async () =>
    (await c.get<{ list: { id: number; seats: Seat[]; unplaced: number }[] }>('/api/v1/diagram_detail')).data
      .list;

  it('shows every seat with its state; sessions are null until the session domain plugs in', async () => {
    const list = await live();
    const demoHall = list[0]!;
    expect(demoHall.seats).toHaveLength(36);
    expect(demoHall.seats.find((s) => s.name === 'A013')!.state).toBe('故障');
    expect(demoHall.seats.every((s) => s.session === null && s.reservation === null)).toBe(true);
    expect(list.find((a) => a.id === mine)!.unplaced).toBe(3);
  });

  it('a plugged-in session source fills the hover fields of the seats it knows', async () => {
    const a001 = (await live())[0]!.seats.find((s) => s.name === 'A001')!;
    setSeatSessionSource(async (_db, scope, ids) => {
      expect(scope.netbarId).toBeGreaterThan(0);
      return new Map(
        ids
          .filter((id) => id === a001.id)
          .map((id) => [
            id,
            { member_name: '王*', started_at: '2026-01-01 10:00:00', elapsed_minutes: 42, balance_fen: 1250 },
          ]),
      );
    });
    try {
      const seat = (await live())[0]!.seats.find((s) => s.id === a001.id)!;
      expect(seat.session).toEqual({
        member_name: '王*',
        started_at: '2026-01-01 10:00:00',
        elapsed_minutes: 42,
        balance_fen: 1250,
      });
    } finally {
      setSeatSessionSource(null);
    }
  });
});
