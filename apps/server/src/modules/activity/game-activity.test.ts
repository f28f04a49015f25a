import {
  ACTIVITY_MSG,
  GAME_MSG,
  type GameActivityRow,
  type GameCard,
  type GameResultAnswer,
  type GameResultRow,
  type LeaderboardRow,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { enable, soon, storeId } from './activity-test-kit.ts';

/**
 * 赛事活动 (decision 181): tasks paid once per member and period under concurrent reports, screenshot results
 * confirmed or rejected by staff, a paused activity paying nothing, the store's leaderboard, other stores and
 * user types refused, bad input refused in Chinese with nothing written.
 */

let t: TestApp;
let owner: Client;
let nid = 0;
let term: ReturnType<typeof terminalOf>;
const machines: number[] = [];
const members: { id: number; card: string }[] = [];
const local = (ms = 0) =>
  new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

function terminalOf(c: Client, store: number) {
  const headers = { 'x-server-key': `demo-server-key-${store}`, 'x-netbar-id': String(store) };
  return {
    post: <T = unknown>(url: string, body: Record<string, unknown>) =>
      c.request<T>('POST', url, body, { json: true, headers }),
    get: <T = unknown>(url: string, q: Record<string, unknown> = {}) =>
      c.request<T>(
        'GET',
        `${url}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
        undefined,
        { headers },
      ),
  };
}

const bonusOf = async (id: number) =>
  Number(
    (await rows<{ b: string }>(t.database.db, sql`select bonus_fen as b from members where id = ${id}`))[0]!
      .b,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  term = terminalOf(t.client(), nid);
  expect((await enable(owner, 'ActivityGameList')).status).toBe(200);
  const area = await owner.post<{ id: number }>('/api/v1/venue_area_save', { name: '赛事测试区' });
  expect(area.status, area.msg).toBe(200);
  const plan = await owner.post('/api/v1/rate_plan_save', {
    name: '赛事测试',
    area_id: area.data.id,
    price_per_hour_fen: 600,
  });
  expect(plan.status, plan.msg).toBe(200);
  for (let i = 0; i < 3; i++) {
    const m = await owner.post<{ id: number }>('/api/v1/machine_save', {
      name: `赛事${i}`,
      area_id: area.data.id,
    });
    machines.push(m.data.id);
    const card = `GM${Date.now()}${i}`;
    const mem = await owner.post<{ id: number }>('/api/v1/member_save', {
      card_kind: 2,
      card_no: card,
      name: `赛事会员${i}`,
    });
    expect(mem.status, mem.msg).toBe(200);
    await owner.post('/api/v1/member_topup', {
      member_id: mem.data.id,
      amount_fen: 10000,
      pay_method: 'cash',
      request_id: rid(),
    });
    const on = await term.post('/api/v1/terminal_logon', { machine_id: m.data.id, card_no: card });
    expect(on.status, on.msg).toBe(200);
    members.push({ id: mem.data.id, card });
  }
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

const task = (over: Record<string, unknown> = {}) => ({
  name: '今日吃鸡3次',
  metric: 'wins',
  target: 3,
  period: 'day',
  reward_kind: 'bonus',
  amount: 500,
  cost_fen: 500,
  quantity: 10,
  ...over,
});
const pubg = (over: Record<string, unknown> = {}, tasks: unknown[] = [task()]) => ({
  game_type: 'PUBG',
  name: '绝地求生周末赛',
  starts_at: local(-3600_000),
  ends_at: soon(7),
  budget_fen: 20_000,
  tasks: JSON.stringify(tasks),
  ...over,
});
async function runningGame(body: Record<string, unknown>) {
  const s = await owner.post<GameActivityRow>('/api/v1/game_save', body);
  expect(s.status, s.msg).toBe(200);
  const p = await owner.post('/api/v1/game_move', { id: s.data.id, action: 'publish' });
  expect(p.status, p.msg).toBe(200);
  return s.data.id;
}
const report = (activity_id: number, over: Record<string, unknown> = {}) =>
  term.post<GameResultAnswer>('/api/v1/terminal_game_result', {
    machine_id: machines[0],
    activity_id,
    metric: 'wins',
    value: 1,
    request_id: rid(),
    ...over,
  });

describe('赛事活动', () => {
  let id = 0;
  it('saves a PUBG activity with tasks as a draft, publishes it, and shows it on the PUBG card', async () => {
    id = await runningGame(
      pubg({}, [
        task(),
        task({
          name: '累计游戏2小时',
          metric: 'minutes',
          target: 120,
          period: 'activity',
          reward_kind: 'points',
          amount: 200,
          cost_fen: 20,
          quantity: 100,
        }),
      ]),
    );
    const cards = await owner.get<GameCard[]>('/api/v1/game_overview');
    expect(cards.data.map((c) => c.game_type)).toEqual([
      'League_of_Heroes',
      'Forever',
      'PUBG',
      'Yunding',
      'League',
      'League_yunding',
      'ThreeKingdomsKill',
    ]);
    const card = cards.data.find((c) => c.game_type === 'PUBG')!;
    // the demo's own PUBG activity runs too: the card shows the newest running one
    expect(card).toMatchObject({ title: '绝地求生', path: '/application_manage/sctivitysettings/PUBG' });
    expect(card.activities).toBeGreaterThanOrEqual(1);
    expect(card.activity).toMatchObject({ id, state: 'running', budget_fen: 20_000 });
    expect(card.activity!.tasks.map((x) => [x.name, x.metric, x.target, x.period])).toEqual([
      ['今日吃鸡3次', 'wins', 3, 'day'],
      ['累计游戏2小时', 'minutes', 120, 'activity'],
    ]);
    expect(cards.data.find((c) => c.game_type === 'ThreeKingdomsKill')!.path).toBe(
      '/application_manage/three_kingdoms_kill/ThreeKingdomsKill',
    );
  });

  it('pays a task once under 20 concurrent reports, whether they replay one request_id or carry their own', async () => {
    const before = await bonusOf(members[0]!.id);
    const key = rid();
    const same = await Promise.all(Array.from({ length: 20 }, () => report(id, { request_id: key })));
    expect(same.every((r) => r.status === 200)).toBe(true);
    expect(new Set(same.map((r) => r.data.result_id)).size).toBe(1);
    expect(same.filter((r) => !r.data.replay)).toHaveLength(1);
    expect(await countOf(t, 'game_results', `request_id = '${key}'`)).toBe(1);
    const many = await Promise.all(Array.from({ length: 20 }, () => report(id)));
    expect(many.map((r) => r.status)).toEqual(Array(20).fill(200));
    const paid = many.flatMap((r) => r.data.paid);
    expect(paid).toEqual([{ task: '今日吃鸡3次', reward_kind: 'bonus', amount: 500 }]);
    expect((await bonusOf(members[0]!.id)) - before).toBe(500);
    expect(await countOf(t, 'game_task_payouts', `member_id = ${members[0]!.id}`)).toBe(1);
    // the replay of the paying request answers the same payout, and pays nothing more
    const payer = many.find((r) => r.data.paid.length)!;
    const again = await report(id, {
      request_id: (
        await rows<{ request_id: string }>(
          t.database.db,
          sql`select request_id from game_results where id = ${payer.data.result_id}`,
        )
      )[0]!.request_id,
    });
    expect(again.data).toMatchObject({
      replay: true,
      result_id: payer.data.result_id,
      paid: payer.data.paid,
    });
    expect((await bonusOf(members[0]!.id)) - before).toBe(500);
  }, 120_000);

  it('a PC sees the member’s progress; minutes add up over the activity and pay points once', async () => {
    const r1 = await report(id, { metric: 'minutes', value: 90 });
    expect(r1.data.paid).toEqual([]);
    const tasks = await term.get<
      { id: number; tasks: { name: string; progress: number; done: boolean }[] }[]
    >('/api/v1/terminal_game_tasks', { machine_id: machines[0]! });
    expect(tasks.data.find((g) => g.id === id)!.tasks).toMatchObject([
      { name: '今日吃鸡3次', progress: 3, done: true },
      { name: '累计游戏2小时', progress: 90, done: false },
    ]);
    const r2 = await report(id, { metric: 'minutes', value: 45 });
    expect([r2.msg, r2.data.paid]).toEqual([
      '完成任务：累计游戏2小时',
      [{ task: '累计游戏2小时', reward_kind: 'points', amount: 200 }],
    ]);
    expect((await report(id, { metric: 'minutes', value: 200 })).data.paid).toEqual([]);
    const none = await report(id, { metric: 'kills', value: 3 });
    expect([none.status, none.msg]).toEqual([40000, GAME_MSG.noTask]);
  });

  it('a screenshot result waits for staff: 驳回 pays nothing, 确认 completes the task and pays', async () => {
    const m = members[1]!;
    const before = await bonusOf(m.id);
    const shot = (value: number) =>
      report(id, { machine_id: machines[1], value, screenshot: 'https://img.example.com/pubg/1.png' });
    const a = await shot(2);
    expect([a.msg, a.data.status, a.data.paid]).toEqual(['成绩已提交，等待网吧确认', 'pending', []]);
    const b = await shot(1);
    const pending = await owner.get<{ list: GameResultRow[] }>('/api/v1/game_results', {
      status: 'pending',
      activity_id: id,
    });
    expect(pending.data.list.map((r) => r.id)).toEqual([b.data.result_id, a.data.result_id]);
    expect(pending.data.list[0]).toMatchObject({
      member_name: '赛事会员1',
      game_type: 'PUBG',
      metric: 'wins',
      value: 1,
    });
    const rej = await owner.post('/api/v1/game_result_review', {
      id: b.data.result_id,
      action: 'reject',
      remark: '截图看不清',
    });
    expect([rej.status, rej.msg]).toEqual([200, '已驳回']);
    const ok1 = await owner.post<GameResultAnswer>('/api/v1/game_result_review', {
      id: a.data.result_id,
      action: 'confirm',
    });
    expect([ok1.status, ok1.data.paid]).toEqual([200, []]);
    expect(await bonusOf(m.id)).toBe(before);
    const c = await shot(1);
    const ok2 = await owner.post<GameResultAnswer>('/api/v1/game_result_review', {
      id: c.data.result_id,
      action: 'confirm',
    });
    expect([ok2.msg, ok2.data.paid.length]).toEqual(['已确认，完成任务：今日吃鸡3次', 1]);
    expect((await bonusOf(m.id)) - before).toBe(500);
    const twice = await owner.post('/api/v1/game_result_review', { id: c.data.result_id, action: 'reject' });
    expect([twice.status, twice.msg]).toEqual([40000, GAME_MSG.reviewed]);
  });

  it('ranks the store’s members on the leaderboard, on the console and (names masked) on a PC', async () => {
    await report(id, { machine_id: machines[2], value: 1 });
    const b = await owner.get<{ metric: string; list: LeaderboardRow[] }>('/api/v1/game_leaderboard', {
      activity_id: id,
      period: 'day',
    });
    expect(b.data.metric).toBe('wins');
    expect(b.data.list.map((r) => [r.rank, r.member_name, r.value, r.tasks_done])).toEqual([
      [1, '赛事会员0', 21, 2],
      [2, '赛事会员1', 3, 1],
      [3, '赛事会员2', 1, 0],
    ]);
    const p = await term.get<{ list: LeaderboardRow[] }>('/api/v1/terminal_game_leaderboard', {
      activity_id: id,
    });
    expect(p.data.list[0]!.member_name).toBe('赛***');
  });

  it('a paused activity pays nothing and confirms nothing', async () => {
    const pending = await report(id, { machine_id: machines[2], value: 2, screenshot: '/uploads/x.png' });
    expect((await owner.post('/api/v1/game_move', { id, action: 'pause' })).status).toBe(200);
    const n = await countOf(t, 'game_results');
    const r = await report(id, { machine_id: machines[2], value: 5 });
    expect([r.status, r.msg]).toEqual([40000, ACTIVITY_MSG.notRunning]);
    const c = await owner.post('/api/v1/game_result_review', {
      id: pending.data.result_id,
      action: 'confirm',
    });
    expect([c.status, c.msg]).toEqual([40000, ACTIVITY_MSG.notRunning]);
    expect(await countOf(t, 'game_results')).toBe(n);
    expect(await countOf(t, 'game_task_payouts', `member_id = ${members[2]!.id}`)).toBe(0);
    expect((await owner.post('/api/v1/game_move', { id, action: 'resume' })).status).toBe(200);
  });

  it('never pays more rewards than the task has', async () => {
    const g = await runningGame(
      pubg({ name: '限量任务' }, [task({ name: '今日胜1场', target: 1, quantity: 2 })]),
    );
    const res = [];
    for (const [i, m] of machines.entries()) res.push(await report(g, { machine_id: m, value: 1 + i * 0 }));
    expect(res.map((r) => r.data.paid.length)).toEqual([1, 1, 0]);
  });

  it('another store’s activities and results answer as absent; other user types are refused', async () => {
    const nid2 = await storeId(t, '极速网吧');
    const term2 = terminalOf(t.client(), nid2);
    const r = await term2.post('/api/v1/terminal_game_result', {
      machine_id: machines[0],
      activity_id: id,
      metric: 'wins',
      value: 1,
      request_id: rid(),
    });
    expect(r.status).toBe(40004);
    expect((await term2.get('/api/v1/terminal_game_leaderboard', { activity_id: id })).status).toBe(40004);
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'ActivityGameList');
    expect((await other.get('/api/v1/game_detail', { id })).status).toBe(40004);
    expect((await other.post('/api/v1/game_move', { id, action: 'end' })).status).toBe(40004);
    const mine = (await owner.get<{ list: GameResultRow[] }>('/api/v1/game_results', {})).data.list[0]!;
    expect((await other.post('/api/v1/game_result_review', { id: mine.id, action: 'confirm' })).status).toBe(
      40004,
    );
    expect((await other.get<{ count: number }>('/api/v1/game_results', {})).data.count).toBe(0);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/game_overview')).status).toBe(40003);
    expect((await agent.post('/api/v1/game_save', pubg())).status).toBe(40003);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const n = await countOf(t, 'activities');
    const cases: [Record<string, unknown>, string][] = [
      [pubg({ game_type: 'Minecraft' }), GAME_MSG.type],
      [pubg({}, [task({ target: 0 })]), GAME_MSG.target],
      [pubg({}, [task({ target: -3 })]), GAME_MSG.target],
      [pubg({ starts_at: local(86_400_000), ends_at: local(3600_000) }), ACTIVITY_MSG.endBeforeStart],
      [pubg({}, [task({ metric: 'deaths' })]), GAME_MSG.metric],
      [pubg({}, [task({ quantity: 100 })]), `${ACTIVITY_MSG.overBudget}（奖池500.00元，预算200.00元）`],
      [pubg({}, []), GAME_MSG.tasks],
    ];
    for (const [body, msg] of cases) {
      const r = await owner.post('/api/v1/game_save', body);
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([40000, msg]);
    }
    expect(await countOf(t, 'activities')).toBe(n);
    const bad = await report(id, { value: 0 });
    expect([bad.status, bad.msg]).toEqual([40000, GAME_MSG.value]);
    const big = await report(id, { value: 51 });
    expect([big.status, big.msg]).toEqual([40000, '单次上报的胜场不能超过50场']);
    // the engine's own save and a PC claim refuse the game kind: its tasks are paid by results only
    const e = await owner.post('/api/v1/activity_save', {
      kind: 'game',
      name: 'x',
      starts_at: local(),
      ends_at: soon(1),
      budget_fen: 0,
      prizes: '[]',
    });
    expect(e.status).toBe(40000);
    const c = await term.post('/api/v1/terminal_activity_claim', {
      machine_id: machines[0],
      activity_id: id,
      request_id: rid(),
    });
    expect([c.status, c.msg]).toEqual([40000, ACTIVITY_MSG.kind]);
  });

  it('disabling 赛事活动 pauses its activities and refuses saves and reports; enabling resumes them', async () => {
    const off = await enable(owner, 'ActivityGameList', false);
    expect(off.status, off.msg).toBe(200);
    const g = await owner.get<GameActivityRow>('/api/v1/game_detail', { id });
    expect(g.data.state).toBe('paused');
    const msg = '「赛事活动」应用未开通，请在应用中心开通';
    const save = await owner.post('/api/v1/game_save', pubg());
    expect([save.status, save.msg]).toEqual([40003, msg]);
    const r = await report(id);
    expect([r.status, r.msg]).toEqual([40003, msg]);
    expect(
      await term.get<unknown[]>('/api/v1/terminal_game_tasks', { machine_id: machines[0]! }),
    ).toMatchObject({
      data: [],
    });
    expect((await enable(owner, 'ActivityGameList')).status).toBe(200);
    expect((await owner.get<GameActivityRow>('/api/v1/game_detail', { id })).data.state).toBe('running');
    expect((await report(id)).status).toBe(200);
  });
});
