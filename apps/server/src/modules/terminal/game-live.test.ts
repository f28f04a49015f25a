import { ConsoleKind, type GameActivityRow, type GameResultAnswer } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { logonStore } from './logon-test-kit.ts';
import { listen, openWs, storeIds, terminal } from './terminal-test-kit.ts';

/** 赛事 results reach the store's open consoles live (GAME 106, decision 187); replays and refusals do not. */

let t: TestApp;
let owner: Client;
let term: ReturnType<typeof terminal>;
let machine = 0;
let activity = 0;

const local = (ms = 0) =>
  new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const nid = (await storeIds(t)).星际网咖旗舰店!;
  term = terminal(t.client(), nid);
  expect(
    (await owner.post('/api/v1/store_app_switch', { key: 'ActivityGameList', enabled: '1' })).status,
  ).toBe(200);
  const store = await logonStore(owner, 1);
  machine = store.machines[0]!;
  const member = await store.member();
  const on = await term.post('/api/v1/terminal_logon', { machine_id: machine, card_no: member.card });
  expect(on.status, on.msg).toBe(200);
  const s = await owner.post<GameActivityRow>('/api/v1/game_save', {
    game_type: 'Forever',
    name: '穿越火线直播赛',
    starts_at: local(-3600_000),
    ends_at: local(7 * 86_400_000),
    budget_fen: 10_000,
    tasks: JSON.stringify([
      {
        name: '今日胜2场',
        metric: 'wins',
        target: 2,
        period: 'day',
        reward_kind: 'bonus',
        amount: 300,
        cost_fen: 300,
        quantity: 10,
      },
    ]),
  });
  expect(s.status, s.msg).toBe(200);
  activity = s.data.id;
  expect((await owner.post('/api/v1/game_move', { id: activity, action: 'publish' })).status).toBe(200);
}, 600_000);
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

const report = (over: Record<string, unknown> = {}) =>
  term.post<GameResultAnswer>('/api/v1/terminal_game_result', {
    machine_id: machine,
    activity_id: activity,
    metric: 'wins',
    value: 1,
    request_id: rid(),
    ...over,
  });

describe('赛事 results on the live channel', () => {
  it('tells the store’s consoles of each result and review, once; another store hears nothing', async () => {
    const frames = listen(await openWs(t, owner));
    const elsewhere = listen(await openWs(t, await t.as(DEMO.netbar2)));
    const games = (f: { got: Record<string, unknown>[] }) => f.got.filter((x) => x.type === ConsoleKind.GAME);

    const key = rid();
    const first = await report({ request_id: key });
    expect(first.status, first.msg).toBe(200);
    expect(
      await frames.next((f) => f.type === ConsoleKind.GAME && f.result_id === first.data.result_id),
    ).toEqual({
      type: ConsoleKind.GAME,
      activity_id: activity,
      result_id: first.data.result_id,
      status: 'accepted',
      paid: 0,
      seq: expect.any(Number),
    });
    // the second win completes the task: the frame says one task was paid
    const second = await report();
    expect(second.data.paid).toHaveLength(1);
    expect(await frames.next((f) => f.result_id === second.data.result_id)).toMatchObject({ paid: 1 });

    // a screenshot waits for staff, then 确认: two frames for the one result
    const shot = await report({ screenshot: 'https://img.example.com/r.png' });
    expect(shot.data.status).toBe('pending');
    await frames.next((f) => f.result_id === shot.data.result_id && f.status === 'pending');
    const ok = await owner.post('/api/v1/game_result_review', { id: shot.data.result_id, action: 'confirm' });
    expect(ok.status, ok.msg).toBe(200);
    await frames.next((f) => f.result_id === shot.data.result_id && f.status === 'accepted');

    // a replay, a refused value and a refused review publish nothing
    const n = games(frames).length;
    expect((await report({ request_id: key })).data.replay).toBe(true);
    const bad = await report({ value: 0 });
    expect(bad.status).toBe(40000);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
    const again = await owner.post('/api/v1/game_result_review', {
      id: shot.data.result_id,
      action: 'reject',
    });
    expect(again.status).toBe(40000);
    await new Promise((r) => setTimeout(r, 300));
    expect(games(frames)).toHaveLength(n);
    expect(games(elsewhere)).toEqual([]);
  });

  it('a paused activity takes no result and tells nobody', async () => {
    const frames = listen(await openWs(t, owner));
    expect((await owner.post('/api/v1/game_move', { id: activity, action: 'pause' })).status).toBe(200);
    const r = await report();
    expect(r.status).toBe(40000);
    await new Promise((res) => setTimeout(res, 300));
    expect(frames.got.filter((x) => x.type === ConsoleKind.GAME)).toEqual([]);
  });
});
