import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { enable, membersWithPoints, running, soon, storeId } from './activity-test-kit.ts';
import { releaseEnvelopes } from './envelope-release.ts';

/** 线上红包 pushed to the PCs online at the release (decision 183). */

let t: TestApp;
let owner: Client;
let nid = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  expect((await enable(owner, 'online_red_envelope')).status).toBe(200);
  // the demo's own envelopes are released first, so only this test's envelope is new below
  await releaseEnvelopes(t.database.db);
}, 600_000);
afterAll(() => t.close(), 600_000);

const at = (ms: number) =>
  new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Two machines of the store: the first with a member logged on (an open session), the second idle. */
async function onlineAndOffline(store = nid): Promise<[number, number]> {
  const db = t.database.db;
  const nid = store;
  const area = (
    await rows<{ id: number }>(db, sql`select id from venue_areas where netbar_id = ${nid} limit 1`)
  )[0]!.id;
  const [member] = await membersWithPoints(t, nid, 1, 0);
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  for (const i of [0, 1]) {
    const m = await rows<{ id: number }>(
      db,
      sql`insert into machines (netbar_id, area_id, name) values (${nid}, ${area}, ${`推送${tag}-${i}`}) returning id`,
    );
    ids.push(m[0]!.id);
  }
  await rows(
    db,
    sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_name, rules, source)
        values (${nid}, ${member!}, ${ids[0]!}, ${area}, '标准', '{}'::jsonb, 'console')`,
  );
  return [ids[0]!, ids[1]!];
}
const told = (machine: number) =>
  countOf(t, 'terminal_messages', `machine_id = ${machine} and payload->>'text' like '%线上红包%'`);

describe('线上红包 pushed to PCs', () => {
  it('an online machine is told once when the envelope is released; an offline one is not', async () => {
    const [online, offline] = await onlineAndOffline();
    const id = await running(owner, {
      kind: 'red_envelope',
      name: '推送红包',
      starts_at: at(-3600_000),
      ends_at: soon(1),
      budget_fen: 1_000,
      per_day_limit: 1,
      prizes: JSON.stringify([
        { name: '红包', kind: 'bonus', amount: 10, amount_max: 20, cost_fen: 10, quantity: 50 },
      ]),
    });
    const r = await releaseEnvelopes(t.database.db);
    const mine = r.find((x) => x.activityId === id);
    expect(mine?.machineIds).toContain(online);
    expect(mine?.machineIds).not.toContain(offline);
    expect(await told(online)).toBe(1);
    expect(await told(offline)).toBe(0);
    const text = await rows<{ text: string }>(
      t.database.db,
      sql`select payload->>'text' as text from terminal_messages where machine_id = ${online} order by id desc limit 1`,
    );
    expect(text[0]!.text).toContain('推送红包');
    expect(text[0]!.text).toContain('抢红包');

    // a second pass (or another process) releases nothing again
    expect((await releaseEnvelopes(t.database.db)).find((x) => x.activityId === id)).toBeUndefined();
    expect(await told(online)).toBe(1);
  });

  it('a window not open yet, a paused envelope and a disabled app tell nobody', async () => {
    const [online] = await onlineAndOffline();
    // a window that opens in three hours (Beijing) and lasts half an hour: not open now
    const h = String((Number(at(0).slice(11, 13)) + 3) % 24).padStart(2, '0');
    const later = await running(owner, {
      kind: 'red_envelope',
      name: '稍后红包',
      starts_at: at(-3600_000),
      ends_at: soon(1),
      budget_fen: 1_000,
      per_day_limit: 1,
      windows: JSON.stringify([{ from: `${h}:00`, to: `${h}:30` }]),
      prizes: JSON.stringify([{ name: '红包', kind: 'bonus', amount: 10, cost_fen: 10, quantity: 50 }]),
    });
    const paused = await running(owner, {
      kind: 'red_envelope',
      name: '暂停红包',
      starts_at: at(-3600_000),
      ends_at: soon(1),
      budget_fen: 1_000,
      per_day_limit: 1,
      prizes: JSON.stringify([{ name: '红包', kind: 'bonus', amount: 10, cost_fen: 10, quantity: 50 }]),
    });
    expect((await owner.post('/api/v1/activity_move', { id: paused, action: 'pause' })).status).toBe(200);
    const r = await releaseEnvelopes(t.database.db);
    expect(r.map((x) => x.activityId)).not.toContain(paused);
    expect(r.map((x) => x.activityId)).not.toContain(later);
    expect(await told(online)).toBe(0);
    expect(await countOf(t, 'activity_envelope_releases', `activity_id in (${later}, ${paused})`)).toBe(0);

    expect((await owner.post('/api/v1/activity_move', { id: paused, action: 'resume' })).status).toBe(200);
    expect((await enable(owner, 'online_red_envelope', false)).status).toBe(200);
    expect((await releaseEnvelopes(t.database.db)).map((x) => x.activityId)).not.toContain(paused);
    expect(await told(online)).toBe(0);
  });

  it('a chain-wide envelope reaches the online PCs of every store of the chain whose app is on', async () => {
    expect((await enable(owner, 'online_red_envelope')).status).toBe(200);
    const second = await storeId(t, '星际网咖二店');
    const third = await storeId(t, '星际网咖三店');
    // 二店 turns the app on; 三店 leaves it off
    const sub = await t.as(DEMO.netbar);
    const list = (
      await sub.get<{
        list: { netbar_name: string; cid: number; pid: number; nid: number; chain_type: number }[];
      }>('/api/v1/get_store_list')
    ).data.list;
    const s2 = list.find((x) => x.nid === second)!;
    const sw = await sub.post('/api/v1/change_store', {
      cid: s2.cid,
      pid: s2.pid,
      nid: s2.nid,
      change_type: 1,
      chain_type: s2.chain_type,
    });
    expect(sw.msg).toBe('门店切换成功');
    expect((await enable(sub, 'online_red_envelope')).status).toBe(200);
    await t.database.db.execute(
      sql`delete from store_apps where netbar_id = ${third} and app = 'online_red_envelope'`,
    );

    const [head] = await onlineAndOffline();
    const [inSecond, idleSecond] = await onlineAndOffline(second);
    const [inThird] = await onlineAndOffline(third);
    const body = {
      kind: 'red_envelope',
      starts_at: at(-3600_000),
      ends_at: soon(1),
      budget_fen: 1_000,
      per_day_limit: 1,
      prizes: JSON.stringify([{ name: '红包', kind: 'bonus', amount: 10, cost_fen: 10, quantity: 50 }]),
    };
    const own = await running(owner, { ...body, name: '本店红包' });
    const chain = await running(owner, { ...body, name: '全连锁红包', scope: 'chain' });
    const r = await releaseEnvelopes(t.database.db);

    const mine = r.find((x) => x.activityId === chain)!;
    expect(mine.stores.map((x) => x.netbarId).sort()).toEqual([nid, second].sort());
    expect(mine.machineIds).toEqual(expect.arrayContaining([head, inSecond]));
    expect(mine.machineIds).not.toContain(inThird);
    expect(mine.machineIds).not.toContain(idleSecond);
    const texts = async (machine: number) =>
      (
        await rows<{ text: string }>(
          t.database.db,
          sql`select payload->>'text' as text from terminal_messages where machine_id = ${machine} order by id`,
        )
      ).map((x) => x.text);
    expect(await texts(inSecond)).toEqual([expect.stringContaining('全连锁红包')]);
    // the head's PC hears both (and the envelope the test before resumed, released now)
    const atHead = await texts(head);
    expect(atHead.filter((x) => x.includes('全连锁红包'))).toHaveLength(1);
    expect(atHead.filter((x) => x.includes('本店红包'))).toHaveLength(1);
    expect(await texts(idleSecond)).toEqual([]);
    expect(await texts(inThird)).toEqual([]);
    // and 二店's PC grabs it there (through its own terminal key), as the push told it
    const grab = await t.client().request<{ amount: number }>(
      'POST',
      '/api/v1/terminal_activity_claim',
      { machine_id: inSecond, activity_id: chain, request_id: `grab-${inSecond}` },
      {
        json: true,
        headers: { 'x-server-key': `demo-server-key-${second}`, 'x-netbar-id': String(second) },
      },
    );
    expect(grab.status, grab.msg).toBe(200);
    expect(grab.data.amount).toBe(10);
    // the store's own envelope stays in its store
    expect(r.find((x) => x.activityId === own)!.machineIds).not.toContain(inSecond);
    expect(
      (
        await rows<{ machines: number }>(
          t.database.db,
          sql`select machines from activity_envelope_releases where activity_id = ${chain}`,
        )
      )[0]!.machines,
    ).toBe(mine.machineIds.length);
  });
});
