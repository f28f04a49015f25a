import { PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf } from '../../test/kit.ts';

/** Areas and machines: the demo venue, bulk add, edit with IP/MAC checks, move, states, refusals. */

let t: TestApp;
let c: Client;
type Area = { id: number; name: string; machines: number };
type Machine = { id: number; name: string; area_id: number; ip: string; mac: string; state: string };
let areas: Area[];
const areaId = (name: string) => areas.find((a) => a.name === name)!.id;

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  areas = (await c.get<{ list: Area[] }>('/api/v1/venue_area_list')).data.list;
});
afterAll(() => t.close());

const machinesNamed = async (names: string[]) =>
  (await c.get<{ list: Machine[] }>('/api/v1/machine_list', { page_size: 1000 })).data.list.filter((m) =>
    names.includes(m.name),
  );

describe('the demo venue', () => {
  it('星际网咖旗舰店 has 大厅, 电竞区 and 包间 with 60 machines, each placed on its map', async () => {
    expect(areas.map((a) => [a.name, a.machines])).toEqual([
      ['大厅', 36],
      ['电竞区', 16],
      ['包间', 8],
    ]);
    const live = await c.get<{
      list: { name: string; seats: unknown[]; unplaced: number; version: number }[];
    }>('/api/v1/diagram_detail');
    expect(live.status).toBe(200);
    expect(live.data.list.map((a) => [a.name, a.seats.length, a.unplaced, a.version])).toEqual([
      ['大厅', 36, 0, 1],
      ['电竞区', 16, 0, 1],
      ['包间', 8, 0, 1],
    ]);
  });

  it('极速网吧 has its own smaller set, invisible to the flagship', async () => {
    const other = await t.as(DEMO.netbar2);
    const list = (await other.get<{ list: Area[] }>('/api/v1/venue_area_list')).data.list;
    expect(list.map((a) => a.name)).toEqual(['大厅', '包间']);
    expect(list.reduce((n, a) => n + a.machines, 0)).toBe(24);
    expect(list.some((a) => areas.some((b) => b.id === a.id))).toBe(false);
  });
});

describe('machines', () => {
  it('bulk adds D001–D012 into a new area, then refuses the same names again and writes nothing', async () => {
    const a = await c.post<{ id: number }>('/api/v1/venue_area_save', {
      name: '二楼',
      colour: '#52C41A',
      sort: 5,
    });
    expect(a.status).toBe(200);
    const r = await c.post('/api/v1/machine_bulk_add', {
      area_id: a.data.id,
      prefix: 'D',
      start: 1,
      end: 12,
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe('已添加12台机器');
    const made = await machinesNamed(['D001', 'D012']);
    expect(made.map((m) => [m.name, m.state])).toEqual([
      ['D001', '空闲'],
      ['D012', '空闲'],
    ]);
    const before = await count(t, 'machines');
    const again = await c.post('/api/v1/machine_bulk_add', {
      area_id: a.data.id,
      prefix: 'D',
      start: 10,
      end: 14,
    });
    expect(again.status).toBe(40009);
    expect(again.msg).toContain('D010、D011、D012');
    expect(await count(t, 'machines')).toBe(before);
  });

  it('edits IP, MAC and hardware note; normalises the MAC; refuses an address another machine holds', async () => {
    const [m] = await machinesNamed(['D001']);
    const r = await c.post('/api/v1/machine_save', {
      id: m!.id,
      name: 'D001',
      area_id: m!.area_id,
      ip: '10.0.0.8',
      mac: 'aa-bb-cc-dd-ee-0f',
      hardware_note: '显示器偏色',
    });
    expect(r.status, r.msg).toBe(200);
    const [after] = await machinesNamed(['D001']);
    expect([after!.ip, after!.mac]).toEqual(['10.0.0.8', 'AA:BB:CC:DD:EE:0F']);

    const [d2] = await machinesNamed(['D002']);
    const clash = await c.post('/api/v1/machine_save', {
      id: d2!.id,
      name: 'D002',
      area_id: d2!.area_id,
      ip: '10.0.0.8',
    });
    expect(clash.status).toBe(40009);
    expect(clash.msg).toBe('IP地址10.0.0.8已被机器「D001」使用');
    const macClash = await c.post('/api/v1/machine_save', {
      id: d2!.id,
      name: 'D002',
      area_id: d2!.area_id,
      mac: 'AA:BB:CC:DD:EE:0F',
    });
    expect(macClash.status).toBe(40009);
    const nameClash = await c.post('/api/v1/machine_save', {
      id: d2!.id,
      name: 'A001',
      area_id: d2!.area_id,
    });
    expect(nameClash).toMatchObject({ status: 40009, msg: '机器名称「A001」已存在' });
  });

  it('moves machines between areas and sets 故障 / 停用 / 空闲', async () => {
    const ms = await machinesNamed(['D003', 'D004']);
    const ids = ms.map((m) => m.id).join(',');
    const mv = await c.post('/api/v1/machine_move', { ids, area_id: areaId('包间') });
    expect(mv.status).toBe(200);
    expect((await machinesNamed(['D003', 'D004'])).every((m) => m.area_id === areaId('包间'))).toBe(true);
    for (const state of ['停用', '故障', '空闲']) {
      const r = await c.post('/api/v1/machine_state', { ids, state });
      expect(r.status, r.msg).toBe(200);
      expect((await machinesNamed(['D003', 'D004'])).every((m) => m.state === state)).toBe(true);
    }
    const bad = await c.post('/api/v1/machine_state', { ids, state: '上机中' });
    expect(bad).toMatchObject({ status: 40000, msg: '只能设为空闲、故障或停用' });
  });

  it('refuses to disable a machine in use, and to delete an area that still has machines', async () => {
    const [m] = await machinesNamed(['D005']);
    await rows(t.database.db, sql`update machines set state = '上机中' where id = ${m!.id}`);
    const r = await c.post('/api/v1/machine_state', { ids: String(m!.id), state: '停用' });
    expect(r).toMatchObject({ status: 40009, msg: '机器「D005」上机中，不能设为停用' });
    const del = await c.post('/api/v1/machine_delete', { id: m!.id });
    expect(del.status).toBe(40009);
    const area = await c.post('/api/v1/venue_area_delete', { id: areaId('大厅') });
    expect(area).toMatchObject({ status: 40009, msg: '区域内还有36台机器，请先移到其他区域或删除' });
  });

  it('deletes a free machine and an empty area', async () => {
    const a = await c.post<{ id: number }>('/api/v1/venue_area_save', { name: '临时区' });
    await c.post('/api/v1/machine_bulk_add', {
      area_id: a.data.id,
      prefix: 'T',
      start: 1,
      end: 1,
      digits: 2,
    });
    const [m] = await machinesNamed(['T01']);
    expect((await c.post('/api/v1/machine_delete', { id: m!.id })).status).toBe(200);
    expect((await c.post('/api/v1/venue_area_delete', { id: a.data.id })).status).toBe(200);
    expect(await countOf(t, 'venue_areas', `name = '临时区'`)).toBe(0);
  });
});

describe('bad input: a Chinese message and nothing written', () => {
  it.each([
    ['/api/v1/machine_save', { name: '', area_id: 1 }, '机器名称为1-20个字符（字母、数字、汉字、-、_）'],
    [
      '/api/v1/machine_save',
      { name: 'X'.repeat(21), area_id: 1 },
      '机器名称为1-20个字符（字母、数字、汉字、-、_）',
    ],
    [
      '/api/v1/machine_save',
      { name: 'X1', area_id: 1, ip: '192.168.1.256' },
      'IP地址格式不正确，如 192.168.1.101',
    ],
    ['/api/v1/machine_save', { name: 'X1', area_id: 1, ip: '10.0.0' }, 'IP地址格式不正确，如 192.168.1.101'],
    [
      '/api/v1/machine_save',
      { name: 'X1', area_id: 1, mac: '00:1A:2B:3C:4D' },
      'MAC地址格式不正确，如 00:1A:2B:3C:4D:5E',
    ],
    [
      '/api/v1/machine_save',
      { name: 'X1', area_id: 1, mac: 'GG:1A:2B:3C:4D:5E' },
      'MAC地址格式不正确，如 00:1A:2B:3C:4D:5E',
    ],
    [
      '/api/v1/machine_save',
      { name: 'X1', area_id: 1, hardware_note: '很'.repeat(101) },
      '硬件备注最多100个字符',
    ],
    ['/api/v1/machine_save', { name: 'X1', area_id: -1 }, '请选择区域'],
    ['/api/v1/machine_bulk_add', { area_id: 1, prefix: 'Z', start: 1, end: 201 }, '一次最多添加200台机器'],
    ['/api/v1/machine_bulk_add', { area_id: 1, prefix: 'Z', start: 9, end: 3 }, '结束编号不能小于起始编号'],
    ['/api/v1/machine_bulk_add', { area_id: 1, prefix: 'Z', start: -1, end: 3 }, '起始编号须为0-9999的整数'],
    [
      '/api/v1/machine_bulk_add',
      { area_id: 1, prefix: 'Z Z', start: 1, end: 3 },
      '前缀为1-6个字母、数字或汉字',
    ],
    ['/api/v1/venue_area_save', { name: '' }, '区域名称为1-20个字符'],
    ['/api/v1/venue_area_save', { name: '区', colour: 'red' }, '颜色格式不正确，如 #1677FF'],
    ['/api/v1/venue_area_save', { name: '区', sort: 10000 }, '排序须为0-9999的整数'],
  ])('%s %o → %s', async (url, body, msg) => {
    const before = [await count(t, 'machines'), await count(t, 'venue_areas')];
    const r = await c.post(url, body);
    expect(r.http).toBe(400);
    expect(r).toMatchObject({ status: 40000, msg });
    expect([await count(t, 'machines'), await count(t, 'venue_areas')]).toEqual(before);
  });

  it('a bulk add past the store maximum of 1000 machines is refused whole', async () => {
    const a = areaId('大厅');
    const adds = [];
    for (let i = 0; i < 5; i++) adds.push({ area_id: a, prefix: `M${i}`, start: 1, end: 200 });
    const answers = [];
    for (const b of adds) answers.push(await c.post('/api/v1/machine_bulk_add', b));
    const refused = answers.filter((r) => r.status === 40009);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.msg).toMatch(/^每个门店最多1000台机器，当前已有\d+台，最多还能添加\d+台$/);
    expect(
      await countOf(t, 'machines', `netbar_id = (select netbar_id from venue_areas where id = ${a})`),
    ).toBeLessThanOrEqual(1000);
  });
});

describe('refusals', () => {
  it('another store answers 40004 for the flagship’s machines and areas, reads and writes alike', async () => {
    const other = await t.as(DEMO.netbar2);
    const [m] = await machinesNamed(['A001']);
    const hall = areaId('大厅');
    for (const [method, url, body] of [
      ['GET', '/api/v1/machine_detail', { id: m!.id }],
      ['GET', '/api/v1/seat_layout', { area_id: hall }],
      ['POST', '/api/v1/machine_save', { id: m!.id, name: 'A001', area_id: hall }],
      ['POST', '/api/v1/machine_state', { ids: String(m!.id), state: '停用' }],
      ['POST', '/api/v1/machine_move', { ids: String(m!.id), area_id: hall }],
      ['POST', '/api/v1/machine_delete', { id: m!.id }],
      ['POST', '/api/v1/venue_area_save', { id: hall, name: '偷改' }],
      ['POST', '/api/v1/venue_area_delete', { id: hall }],
      ['POST', '/api/v1/machine_bulk_add', { area_id: hall, prefix: 'H', start: 1, end: 2 }],
      ['POST', '/api/v1/seat_reserve', { machine_id: m!.id, mobile: '13912345678' }],
    ] as const) {
      const r = await other.request(method, url, body);
      expect(r.status, `${url} ${r.msg}`).toBe(40004);
    }
    const [still] = await machinesNamed(['A001']);
    expect(still!.state).toBe('空闲');
    expect(areas.find((a) => a.id === hall)!.name).toBe('大厅');
  });

  it('an agent, an administrator and staff without the grant are refused (40003)', async () => {
    for (const who of [DEMO.agent, DEMO.admin, DEMO.netbarStaff]) {
      const x = await t.as(who);
      expect((await x.get('/api/v1/machine_list')).status, who.user_name).toBe(40003);
      expect((await x.post('/api/v1/venue_area_save', { name: '代理的区' })).status).toBe(40003);
      expect((await x.get('/api/v1/diagram_detail')).status).toBe(40003);
    }
  });

  it('staff granted the live map (4002) see it and mark a machine 故障, but cannot edit machines', async () => {
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id, granted_by)
          select u.id, ${PERM.DIAGRAM_DETAIL}, u.id from users u where u.user_name = 'demo_netbar_staff'
          on conflict do nothing`,
    );
    const staff = await t.as(DEMO.netbarStaff);
    const live = await staff.get<{ list: unknown[] }>('/api/v1/diagram_detail');
    expect(live.status).toBe(200);
    expect(live.data.list).toHaveLength(areas.length + 1);
    const [m] = await machinesNamed(['A002']);
    expect((await staff.post('/api/v1/machine_state', { ids: String(m!.id), state: '故障' })).status).toBe(
      200,
    );
    expect(
      (await staff.post('/api/v1/machine_save', { id: m!.id, name: 'A002', area_id: m!.area_id })).status,
    ).toBe(40003);
  });
});
