import type { OpenSessionRow, RatePlanRow, SessionRow } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches } from '../../test/kit.ts';
import {
  balanceOf,
  machineState,
  makeStore,
  type Store,
  sessionLedgerMismatches,
  sessionOf,
} from '../../test/session-kit.ts';

let t: TestApp;
let owner: Client;
let other: Client;
let store: Store;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  other = await t.as(DEMO.netbar2);
  store = await makeStore(owner, 4);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  expect(await sessionLedgerMismatches(t)).toEqual([]);
  await t.close();
});

const NIGHT = { name: '夜间', start_minute: 1320, end_minute: 1920, price_per_hour_fen: 300 };
const TONGXIAO = { kind: 'window', name: '通宵', start_minute: 1320, end_minute: 1920, price_fen: 2000 };
const start = (c: Client, member_id: number, machine_id: number) =>
  c.post<{ id: number; charged_fen: number; minutes_left: number }>('/api/v1/online_session_start', {
    member_id,
    machine_id,
  });

describe('rate plans', () => {
  it('saves a plan for every area and one level with a night band and a night package, lists it, edits it', async () => {
    const r = await owner.post<{ id: number }>('/api/v1/rate_plan_save', {
      name: '全场测试',
      level_id: store.levelId,
      price_per_hour_fen: 500,
      bands: JSON.stringify([NIGHT]),
      packages: JSON.stringify([TONGXIAO]),
      min_charge_fen: 100,
    });
    expect(r.status, r.msg).toBe(200);
    const list = await owner.get<{ list: RatePlanRow[] }>('/api/v1/rate_plan_list');
    const p = list.data.list.find((x) => x.id === r.data.id)!;
    expect([p.area_name, p.level_name.startsWith('测试'), p.enabled]).toEqual(['全部区域', true, true]);
    expect(p.rules).toEqual({
      price_per_hour_fen: 500,
      bands: [NIGHT],
      packages: [TONGXIAO],
      min_charge_fen: 100,
    });
    const e = await owner.request(
      'POST',
      '/api/v1/rate_plan_save',
      { id: r.data.id, name: '全场', level_id: store.levelId, price_per_hour_fen: 550 },
      { json: true },
    );
    expect(e.status, e.msg).toBe(200);
    const again = await owner.get<{ list: RatePlanRow[] }>('/api/v1/rate_plan_list');
    expect(again.data.list.find((x) => x.id === r.data.id)!.rules.price_per_hour_fen).toBe(550);
  });

  it('refuses a second plan for the same area and level', async () => {
    const r = await owner.post('/api/v1/rate_plan_save', {
      name: '重复',
      area_id: store.areaId,
      price_per_hour_fen: 700,
    });
    expect([r.status, r.msg]).toEqual([40009, '该区域和会员等级已有计费方案，请直接编辑']);
  });

  it('refuses rates of 0, overlapping bands and a package ending before it starts, writing nothing', async () => {
    const before = await count(t, 'rate_plans');
    const bad = async (v: Record<string, unknown>) => {
      const r = await owner.request(
        'POST',
        '/api/v1/rate_plan_save',
        { name: '坏方案', price_per_hour_fen: 600, ...v },
        { json: true },
      );
      return [r.http, r.status, r.msg];
    };
    expect(await bad({ price_per_hour_fen: 0 })).toEqual([400, 40000, '基础单价须为0.01-1000元/小时']);
    expect(
      await bad({ bands: [NIGHT, { ...NIGHT, name: '凌晨', start_minute: 60, end_minute: 300 }] }),
    ).toEqual([400, 40000, '时段“夜间”与“凌晨”重叠']);
    expect(await bad({ packages: [{ ...TONGXIAO, end_minute: 480 }] })).toEqual([
      400,
      40000,
      '套餐结束时间须晚于开始时间（跨零点请选择次日）',
    ]);
    expect(await bad({ name: '' })).toEqual([400, 40000, '方案名称为1-20个字符']);
    expect(await bad({ price_per_hour_fen: '1e9' })).toEqual([400, 40000, '基础单价须为0.01-1000元/小时']);
    expect(await count(t, 'rate_plans')).toBe(before);
  });

  it("answers another store's area or plan like a missing one, and refuses agents", async () => {
    const theirs = await makeStore(other, 1);
    const r = await owner.post('/api/v1/rate_plan_save', {
      name: '越界',
      area_id: theirs.areaId,
      price_per_hour_fen: 600,
    });
    expect([r.status, r.msg]).toEqual([40004, '区域不存在']);
    const list = await other.get<{ list: RatePlanRow[] }>('/api/v1/rate_plan_list');
    const del = await owner.post('/api/v1/rate_plan_delete', { id: list.data.list[0]!.id });
    expect(del.status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/rate_plan_list')).status).toBe(40003);
    expect((await agent.get('/api/v1/online_session_list')).status).toBe(40003);
  });
});

describe('logon and logoff from the console', () => {
  it('starts a session (first minute charged, machine 上机中), lists it, ends it (强制下机), keeps the history', async () => {
    const member = await store.member(1000);
    const machine = store.machines[0]!;
    const r = await start(owner, member, machine);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.charged_fen).toBe(10);
    expect(r.data.minutes_left).toBe(100);
    expect(await machineState(t, machine)).toBe('上机中');
    expect(await balanceOf(t, member)).toBe(990);

    const open = await owner.get<{ list: OpenSessionRow[] }>('/api/v1/online_session_list', {
      area_id: store.areaId,
    });
    const row = open.data.list.find((x) => x.id === r.data.id)!;
    expect([row.member_id, row.machine_id, row.balance_fen, row.charged_fen, row.source]).toEqual([
      member,
      machine,
      990,
      10,
      'console',
    ]);

    // the live map's hover (venue's seat-session hook) shows who sits there
    const live = await owner.get<{
      list: { seats: { id: number; session: Record<string, unknown> | null }[] }[];
    }>('/api/v1/diagram_detail');
    const seat = live.data.list.flatMap((a) => a.seats).find((x) => x.id === machine);
    expect(seat?.session).toMatchObject({ balance_fen: 990, elapsed_minutes: 0 });
    const end = await owner.post<{ end_reason: string; charged_fen: number }>('/api/v1/online_session_end', {
      id: r.data.id,
    });
    expect(end.status, end.msg).toBe(200);
    expect([end.data.end_reason, end.data.charged_fen]).toEqual(['强制下机', 10]);
    expect(await machineState(t, machine)).toBe('空闲');
    const again = await owner.post('/api/v1/online_session_end', { id: r.data.id });
    expect([again.status, again.msg]).toEqual([40004, '该上机记录不存在或已下机']);

    const h = await owner.get<{ list: SessionRow[] }>('/api/v1/online_session_history', {
      member_id: member,
    });
    expect(h.data.list.map((x) => [x.id, x.end_reason, x.charged_fen, x.minutes])).toEqual([
      [r.data.id, '强制下机', 10, 1],
    ]);
    expect(h.data.list[0]!.ended_by).not.toBe('');
    const byMachine = await owner.get<{ list: SessionRow[] }>('/api/v1/online_session_history', {
      machine_id: machine,
    });
    expect(byMachine.data.list[0]!.id).toBe(r.data.id);
    const d = await owner.get<{ charge: { total_fen: number } }>('/api/v1/online_session_detail', {
      id: r.data.id,
    });
    expect(d.data.charge.total_fen).toBe(10);
  });

  it('refuses a member already online, a machine in use, a lost card, an empty balance and an area without a plan', async () => {
    const a = await store.member(500);
    const b = await store.member(500);
    const [m1, m2, m3] = store.machines as [number, number, number];
    expect((await start(owner, a, m1)).status).toBe(200);
    const twice = await start(owner, a, m2);
    expect(twice.status).toBe(40009);
    expect(twice.msg).toMatch(/^该会员正在机器M.+上机，请先下机$/);
    const busy = await start(owner, b, m1);
    expect([busy.status, busy.msg.endsWith('正在使用中')]).toEqual([40009, true]);

    const lost = await store.member(500);
    await owner.post('/api/v1/member_status', { id: lost, action: 'lose' });
    expect(await start(owner, lost, m3)).toMatchObject({ status: 40000, msg: '会员卡挂失，不能上机' });
    const poor = await store.member(0);
    expect(await start(owner, poor, m3)).toMatchObject({
      status: 40000,
      msg: '余额不足：上机至少需要0.10元，当前余额0.00元',
    });
    expect((await owner.post('/api/v1/machine_state', { ids: String(m3), state: '故障' })).status).toBe(200);
    expect(await start(owner, b, m3)).toMatchObject({
      status: 40000,
      msg: expect.stringMatching(/^机器M.+故障，不能上机$/),
    });
    await owner.post('/api/v1/machine_state', { ids: String(m3), state: '空闲' });

    const bare = await owner.post<{ id: number }>('/api/v1/venue_area_save', {
      name: `无方案${Date.now() % 100000}`,
    });
    const bm = await owner.post<{ id: number }>('/api/v1/machine_save', {
      name: `NP${Date.now() % 100000}`,
      area_id: bare.data.id,
    });
    const plans = await owner.get<{ list: RatePlanRow[] }>('/api/v1/rate_plan_list');
    const storeWide = plans.data.list.filter((p) => p.area_id === null);
    for (const p of storeWide) await owner.post('/api/v1/rate_plan_delete', { id: p.id });
    expect(await start(owner, b, bm.data.id)).toMatchObject({
      status: 40000,
      msg: expect.stringMatching(/未设置计费方案/),
    });
    expect(await count(t, 'online_sessions')).toBeGreaterThan(0);
  });

  it("answers another store's member, machine or session like a missing one", async () => {
    const theirs = await makeStore(other, 1);
    const theirMember = await theirs.member(500);
    const mine = await store.member(500);
    expect(await start(owner, theirMember, store.machines[3]!)).toMatchObject({
      status: 40004,
      msg: '会员不存在',
    });
    expect(await start(owner, mine, theirs.machines[0]!)).toMatchObject({ status: 40004, msg: '机器不存在' });
    const s = await start(other, theirMember, theirs.machines[0]!);
    expect(s.status, s.msg).toBe(200);
    expect((await owner.post('/api/v1/online_session_end', { id: s.data.id })).status).toBe(40004);
    expect((await owner.get('/api/v1/online_session_detail', { id: s.data.id })).status).toBe(40004);
    const hist = await owner.get<{ list: SessionRow[] }>('/api/v1/online_session_history', {
      member_id: theirMember,
    });
    expect(hist.data.list).toEqual([]);
    expect((await other.post('/api/v1/online_session_end', { id: s.data.id })).status).toBe(200);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await count(t, 'online_sessions');
    expect(
      await owner.post('/api/v1/online_session_start', { member_id: 'abc', machine_id: 1 }),
    ).toMatchObject({
      http: 400,
      status: 40000,
      msg: '请选择会员',
    });
    expect(await owner.post('/api/v1/online_session_start', { member_id: 1 })).toMatchObject({
      status: 40000,
      msg: '请选择机器',
    });
    expect(await owner.post('/api/v1/online_session_end', { id: -3 })).toMatchObject({
      status: 40000,
      msg: '参数错误',
    });
    expect(await owner.get('/api/v1/online_session_history', { start: '2025-02-30' })).toMatchObject({
      status: 40000,
      msg: '日期格式为YYYY-MM-DD',
    });
    expect(await owner.get('/api/v1/online_session_history', { after: 'x_1' })).toMatchObject({
      status: 40000,
      msg: '分页参数错误',
    });
    expect(await count(t, 'online_sessions')).toBe(before);
  });
});

describe('history pages', () => {
  it('walks the history by keyset, newest first, with no row twice', async () => {
    const m = await store.member(2000);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await start(owner, m, store.machines[3]!);
      expect(s.status, s.msg).toBe(200);
      ids.push(s.data.id);
      await owner.post('/api/v1/online_session_end', { id: s.data.id });
    }
    const seen: number[] = [];
    let after: string | undefined;
    for (let i = 0; i < 4; i++) {
      const p = await owner.get<{ list: SessionRow[]; next: string | null; count: number }>(
        '/api/v1/online_session_history',
        {
          member_id: m,
          page_size: 2,
          ...(after ? { after } : {}),
        },
      );
      expect(p.data.count).toBe(5);
      seen.push(...p.data.list.map((x) => x.id));
      if (!p.data.next) break;
      after = p.data.next;
    }
    expect(seen).toEqual([...ids].reverse());
    expect((await sessionOf(t, ids[0]!)).end_reason).toBe('强制下机');
  });
});
