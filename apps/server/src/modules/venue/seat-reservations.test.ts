import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf } from '../../test/kit.ts';
import { machineInStore, setMachineState } from './index.ts';
import { expireDue } from './reservation.repo.ts';

/** The public seat page and reservations: token, no private data, one holder per machine, expiry. */

let t: TestApp;
let c: Client;
let token: string;
let seat: Record<string, number>;
let nid: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  token = (await c.get<{ token: string }>('/api/v1/seat_link')).data.token;
  const list = (
    await c.get<{ list: { id: number; name: string }[] }>('/api/v1/machine_list', { page_size: 100 })
  ).data.list;
  seat = Object.fromEntries(list.map((m) => [m.name, m.id]));
  nid = (
    await rows<{ netbar_id: number }>(
      t.database.db,
      sql`select netbar_id from machines where id = ${seat.A001}`,
    )
  )[0]!.netbar_id;
});
afterAll(() => t.close());

const anon = () => t.client();
const reserve = (machine: string, mobile: string, extra: Record<string, unknown> = {}) =>
  anon().post<{ code: string; machine_name: string; expires_at: string; hold_minutes: number }>(
    '/api/v1/seat_public_reserve',
    { token, machine_id: seat[machine], mobile, ...extra },
  );
const stateOf = async (machine: string) =>
  (
    await rows<{ state: string }>(t.database.db, sql`select state from machines where id = ${seat[machine]}`)
  )[0]!.state;

describe('the public link', () => {
  it('is an unguessable token, not the store id, different per store', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await t.as(DEMO.netbar2);
    const theirs = (await other.get<{ token: string }>('/api/v1/seat_link')).data.token;
    expect(theirs).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(theirs).not.toBe(token);
  });

  it('shows placed seats free or not, without login, and nothing private', async () => {
    const r = await anon().get<{ store_name: string; hold_minutes: number; areas: { seats: unknown[] }[] }>(
      '/api/v1/seat_public_map',
      { token },
    );
    expect(r.status).toBe(200);
    expect(r.data.store_name).toBe('星际网咖旗舰店');
    expect(r.data.hold_minutes).toBe(15);
    expect(r.data.areas.map((a) => a.seats.length)).toEqual([36, 16, 8]);
    const a013 = r.data.areas[0]!.seats.find((s) => (s as { name: string }).name === 'A013');
    expect(a013).toEqual({ id: seat.A013, name: 'A013', free: false });
    for (const bad of [
      '"session"',
      'member',
      '"mobile"',
      'balance',
      '"ip"',
      '"mac"',
      '"state"',
      '故障',
      '192.168',
    ])
      expect(r.raw).not.toContain(bad);
  });

  it('a wrong, malformed or reset token answers 40004 / 40000 and reserves nothing', async () => {
    const wrong = await anon().get('/api/v1/seat_public_map', { token: 'x'.repeat(32) });
    expect(wrong).toMatchObject({ status: 40004, msg: '链接无效或已失效，请向门店索取新的链接' });
    const byId = await anon().get('/api/v1/seat_public_map', { token: String(nid) });
    expect(byId).toMatchObject({ status: 40000, msg: '链接无效或已失效' });
    const before = await count(t, 'seat_reservations');
    const r = await anon().post('/api/v1/seat_public_reserve', {
      token: 'y'.repeat(32),
      machine_id: seat.A001,
      mobile: '13700000001',
    });
    expect(r.status).toBe(40004);
    expect(await count(t, 'seat_reservations')).toBe(before);
  });
});

describe('reserving', () => {
  it('holds a free seat for the store’s time with a one-time code; the seat shows 预订', async () => {
    const r = await reserve('A002', '13700000002', { name: '小王' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.code).toMatch(/^\d{6}$/);
    expect(r.data).toMatchObject({ machine_name: 'A002', hold_minutes: 15 });
    expect(await stateOf('A002')).toBe('预订');
    const live = await c.get<{ list: { seats: { name: string; reservation: { name: string } | null }[] }[] }>(
      '/api/v1/diagram_detail',
    );
    expect(live.data.list[0]!.seats.find((s) => s.name === 'A002')!.reservation).toMatchObject({
      name: '小王',
    });
    const pub = await anon().get<{ areas: { seats: { name: string; free: boolean }[] }[] }>(
      '/api/v1/seat_public_map',
      { token },
    );
    expect(pub.data.areas[0]!.seats.find((s) => s.name === 'A002')!.free).toBe(false);
    expect(pub.raw).not.toContain('小王');
  });

  it('refuses a taken seat, a second seat for one mobile, a broken machine, another store’s machine', async () => {
    expect(await reserve('A002', '13700000003')).toMatchObject({
      status: 40009,
      msg: '该机位已被预订，请选择其他机位',
    });
    expect(await reserve('A003', '13700000002')).toMatchObject({
      status: 40009,
      msg: '该手机号已预订机位「A002」，请到店使用或取消后再预订',
    });
    expect(await reserve('A013', '13700000004')).toMatchObject({
      status: 40009,
      msg: '该机位当前故障，不能预订',
    });
    const theirs = (
      await rows<{ id: number }>(
        t.database.db,
        sql`select id from machines where netbar_id <> ${nid} limit 1`,
      )
    )[0]!.id;
    const r = await anon().post('/api/v1/seat_public_reserve', {
      token,
      machine_id: theirs,
      mobile: '13700000005',
    });
    expect(r).toMatchObject({ status: 40004, msg: '机位不存在' });
  });

  it.each([
    [{ mobile: '' }, '请输入手机号'],
    [{ mobile: '1370000000' }, '手机号格式不正确'],
    [{ mobile: '23700000000' }, '手机号格式不正确'],
    [{ name: '名'.repeat(21) }, '姓名最多20个字符'],
    [{ machine_id: -3 }, '参数错误'],
    [{ machine_id: 2147483648 }, '参数错误'],
    [{ token: '' }, '链接无效或已失效'],
  ])('bad input %o → %s', async (patch, msg) => {
    const before = await count(t, 'seat_reservations');
    const r = await anon().post('/api/v1/seat_public_reserve', {
      token,
      machine_id: seat.A004,
      mobile: '13700000009',
      ...patch,
    });
    expect(r).toMatchObject({ status: 40000, msg });
    expect(await count(t, 'seat_reservations')).toBe(before);
  });

  it('20 customers reserving one machine at once: exactly one succeeds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve('A005', `1380000${String(i).padStart(4, '0')}`)),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 40009)).toHaveLength(19);
    expect(await countOf(t, 'seat_reservations', `machine_id = ${seat.A005} and status = 'holding'`)).toBe(1);
  });

  it('the database itself refuses a second holding reservation of a machine', async () => {
    await expect(
      rows(
        t.database.db,
        sql`insert into seat_reservations (netbar_id, machine_id, code, mobile, source, expires_at)
            values (${nid}, ${seat.A005}, '000000', '13000000000', 'staff', now() + interval '1 hour')`,
      ),
    ).rejects.toThrow();
  });
});

describe('expiry, redemption and cancellation', () => {
  it('an expired hold frees its seat on the next read, and the periodic sweep frees the rest', async () => {
    await reserve('A006', '13700000006');
    await reserve('A007', '13700000007');
    await rows(
      t.database.db,
      sql`update seat_reservations set expires_at = now() - interval '1 second' where machine_id in (${seat.A006}, ${seat.A007})`,
    );
    // check-on-read: the public map expires the store's due holds before it answers
    const pub = await anon().get<{ areas: { seats: { name: string; free: boolean }[] }[] }>(
      '/api/v1/seat_public_map',
      { token },
    );
    expect(pub.data.areas[0]!.seats.find((s) => s.name === 'A006')!.free).toBe(true);
    expect(await stateOf('A007')).toBe('空闲');
    expect(await countOf(t, 'seat_reservations', `machine_id = ${seat.A006} and status = 'expired'`)).toBe(1);
    // the periodic job's sweep over every store
    await reserve('A008', '13700000008');
    await rows(
      t.database.db,
      sql`update seat_reservations set expires_at = now() where machine_id = ${seat.A008}`,
    );
    expect(await expireDue(t.database.db, null)).toEqual([seat.A008]);
    expect(await stateOf('A008')).toBe('空闲');
    // and the seat can be reserved again
    expect((await reserve('A006', '13700000016')).status).toBe(200);
  });

  it('staff reserve at the counter, redeem the code once, and cancel', async () => {
    const r = await c.post<{ id: number; code: string }>('/api/v1/seat_reserve', {
      machine_id: seat.A009,
      mobile: '13700000010',
      hold_minutes: 30,
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe(`预订成功，预订码 ${r.data.code}`);
    const used = await c.post('/api/v1/seat_reservation_redeem', { code: r.data.code });
    expect(used).toMatchObject({ status: 200, msg: '核销成功，请安排顾客到机位「A009」' });
    expect(await stateOf('A009')).toBe('空闲');
    expect(await c.post('/api/v1/seat_reservation_redeem', { code: r.data.code })).toMatchObject({
      status: 40004,
      msg: '预订码无效或已过期',
    });
    expect((await c.post('/api/v1/seat_reservation_redeem', { code: '12ab56' })).status).toBe(40000);

    const again = await c.post<{ id: number }>('/api/v1/seat_reserve', {
      machine_id: seat.A009,
      mobile: '13700000011',
    });
    const other = await t.as(DEMO.netbar2);
    expect((await other.post('/api/v1/seat_reservation_cancel', { id: again.data.id })).status).toBe(40004);
    expect(await stateOf('A009')).toBe('预订');
    expect((await c.post('/api/v1/seat_reservation_cancel', { id: again.data.id })).status).toBe(200);
    expect(await stateOf('A009')).toBe('空闲');
    const list = await c.get<{ list: { status: string }[] }>('/api/v1/seat_reservation_list', {
      status: 'cancelled',
    });
    expect(list.data.list.length).toBeGreaterThan(0);
  });

  it('a terminal reporting 空闲 keeps a reserved seat 预订; logging on uses the reservation', async () => {
    const s = systemStoreScope(nid);
    await reserve('A010', '13700000012');
    expect(await setMachineState(t.database.db, s, seat.A010!, '空闲')).toBe('预订');
    expect(await setMachineState(t.database.db, s, seat.A010!, '上机中')).toBe('上机中');
    expect(await countOf(t, 'seat_reservations', `machine_id = ${seat.A010} and status = 'used'`)).toBe(1);
    expect(await setMachineState(t.database.db, systemStoreScope(nid + 1000), seat.A010!, '空闲')).toBeNull();
    expect(await machineInStore(t.database.db, systemStoreScope(nid + 1000), seat.A010!)).toBeNull();
    expect((await machineInStore(t.database.db, s, seat.A010!))?.state).toBe('上机中');
    expect(await setMachineState(t.database.db, s, seat.A010!, '空闲', { from: ['离线'] })).toBe('上机中');
  });

  it('the hold time is set by the store; a disabled link stops working', async () => {
    expect((await c.post('/api/v1/seat_link_save', { hold_minutes: 4, enabled: 1 })).msg).toBe(
      '保留时长须为5-120分钟',
    );
    expect((await c.post('/api/v1/seat_link_save', { hold_minutes: 30, enabled: 1 })).status).toBe(200);
    expect((await reserve('A011', '13700000013')).data.hold_minutes).toBe(30);
    await c.post('/api/v1/seat_link_save', { hold_minutes: 30, enabled: 0 });
    expect((await anon().get('/api/v1/seat_public_map', { token })).status).toBe(40004);
    await c.post('/api/v1/seat_link_save', { hold_minutes: 30, enabled: 1 });
    const reset = await c.post<{ token: string }>('/api/v1/seat_link_reset');
    expect(reset.data.token).not.toBe(token);
    expect((await anon().get('/api/v1/seat_public_map', { token })).status).toBe(40004);
    token = reset.data.token;
    expect((await anon().get('/api/v1/seat_public_map', { token })).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('a client reserving too often is told to slow down (42900)', async () => {
    const limited = await createTestApp({ LOGIN_RATE_PER_MINUTE: '6' });
    try {
      const owner = await limited.as(DEMO.netbar);
      const tk = (await owner.get<{ token: string }>('/api/v1/seat_link')).data.token;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.client().post('/api/v1/seat_public_reserve', {
          token: tk,
          machine_id: 2147483647,
          mobile: `1390000000${i}`,
        });
        codes.push(r.status);
      }
      expect(codes.slice(0, 2)).toEqual([40004, 40004]);
      expect(codes.slice(2)).toEqual([42900, 42900]);
    } finally {
      await limited.close();
    }
  });
});
