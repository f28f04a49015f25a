import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { makeMachine, storeIds, terminal } from './terminal-test-kit.ts';

type Listed = { list: { id: number; name: string; area: string; state: string }[]; count: number };

let t: TestApp;
let owner: Client;
let nid = 0;
let nid2 = 0;
let pc = 0;
let pc2 = 0;
beforeAll(async () => {
  t = await createTestApp();
  const owner2 = await t.as(DEMO.netbar2);
  owner = await t.as(DEMO.netbar);
  const ids = await storeIds(t);
  nid = ids.星际网咖旗舰店!;
  nid2 = ids.极速网吧!;
  pc = await makeMachine(owner, 'L001');
  pc2 = await makeMachine(owner2, 'L001');
});
afterAll(() => t.close());

const storeMachineIds = async (netbarId: number) =>
  (
    await rows<{ id: number }>(
      t.database.db,
      sql`select id from machines where netbar_id = ${netbarId} order by id`,
    )
  ).map((m) => Number(m.id));

describe('terminal_machines: the store server lists its machines', () => {
  it('answers every machine of the store with id, name, area and state only', async () => {
    const r = await terminal(t.client(), nid).get<Listed>('/api/v1/terminal_machines');
    expect(r.status, r.msg).toBe(200);
    const mine = await storeMachineIds(nid);
    expect(r.data.list.map((m) => m.id).sort((a, b) => a - b)).toEqual(mine);
    expect(r.data.count).toBe(mine.length);
    expect(r.data.list.find((m) => m.id === pc)).toEqual({
      id: pc,
      name: 'L001',
      area: '终端测试L001',
      state: '空闲',
    });
    for (const m of r.data.list) expect(Object.keys(m).sort()).toEqual(['area', 'id', 'name', 'state']);
    // the demo venue's areas come in their order, and its out-of-order machines keep their state
    expect(r.data.list[0]).toMatchObject({ name: 'A001', area: '大厅' });
    expect(r.data.list.find((m) => m.name === 'A013')?.state).toBe('故障');
  });

  it("never lists another store's machines", async () => {
    const r = await terminal(t.client(), nid2).get<Listed>('/api/v1/terminal_machines');
    expect(r.status).toBe(200);
    const ids = r.data.list.map((m) => m.id);
    expect(ids).toContain(pc2);
    expect(ids).not.toContain(pc);
    const other = new Set(await storeMachineIds(nid));
    expect(ids.filter((id) => other.has(id))).toEqual([]);
    expect(ids.sort((a, b) => a - b)).toEqual(await storeMachineIds(nid2));
  });

  it('refuses a wrong key, another store presented as this one, and a console session', async () => {
    const wrong = await terminal(t.client(), nid, 'not-the-key').get<Listed>('/api/v1/terminal_machines');
    expect([wrong.http, wrong.status, wrong.msg, wrong.data]).toEqual([401, 40005, '服务端凭证无效', null]);
    const swapped = await terminal(t.client(), nid, `demo-server-key-${nid2}`).get(
      '/api/v1/terminal_machines',
    );
    expect([swapped.status, swapped.msg]).toEqual([40005, '服务端凭证无效']);
    const session = await owner.get('/api/v1/terminal_machines');
    expect([session.status, session.msg]).toEqual([40005, '缺少服务端凭证或门店编号']);
  });

  it('refuses a malformed store id with a Chinese message', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const r = await t.client().request('GET', '/api/v1/terminal_machines', undefined, {
        headers: { 'x-server-key': `demo-server-key-${nid}`, 'x-netbar-id': bad },
      });
      expect([r.http, r.status, r.msg], bad).toEqual([401, 40005, '缺少服务端凭证或门店编号']);
    }
  });

  it('shows a reservation past its time as 空闲 (check-on-read)', async () => {
    const held = await owner.post('/api/v1/seat_reserve', {
      machine_id: pc,
      mobile: '13700000031',
      hold_minutes: 30,
    });
    expect(held.status, held.msg).toBe(200);
    const term = terminal(t.client(), nid);
    const stateOf = async () =>
      (await term.get<Listed>('/api/v1/terminal_machines')).data.list.find((m) => m.id === pc)?.state;
    expect(await stateOf()).toBe('预订');
    await rows(t.database.db, sql`update seat_reservations set expires_at = now() where machine_id = ${pc}`);
    expect(await stateOf()).toBe('空闲');
  });

  it('is documented under the terminal tag with the server-key scheme', async () => {
    const doc = JSON.parse((await t.client().get('/api/openapi.json')).raw);
    const op = doc.paths['/api/v1/terminal_machines'].get;
    expect(op.tags).toEqual(['终端接口']);
    expect(op.security).toEqual([{ serverKey: [], netbarId: [] }]);
    expect(op.summary).toMatch(/机器列表/);
  });
});

describe('terminal_machine_state: one statement for the whole report (decision 121)', () => {
  it('moves only free/offline machines, keeps a reserved one 预订 and a staff-set one, ignores other stores', async () => {
    const [idle, off, held, stopped] = await Promise.all(
      ['R001', 'R002', 'R003', 'R004'].map((n) => makeMachine(owner, n)),
    );
    await owner.post('/api/v1/machine_state', { ids: String(stopped), state: '停用' });
    await rows(t.database.db, sql`update machines set state = '离线' where id = ${off}`);
    const r0 = await owner.post('/api/v1/seat_reserve', { machine_id: held, mobile: '13700000099' });
    expect(r0.status, r0.msg).toBe(200);
    const stamp = async () =>
      rows<{ id: number; at: string }>(
        t.database.db,
        sql`select id, state_at::text as at from machines where id in (${idle}, ${off}, ${held}, ${stopped}) order by id`,
      );
    const before = await stamp();
    const r = await terminal(t.client(), nid).post<{
      states: { id: number; state: string }[];
      unknown: number[];
    }>('/api/v1/terminal_machine_state', {
      machines: [
        { id: stopped, state: '空闲' },
        { id: pc2, state: '故障' },
        { id: held, state: '空闲' },
        { id: off, state: '离线' },
        { id: idle, state: '故障' },
      ],
    });
    expect(r.status, r.msg).toBe(200);
    const states = [
      { id: idle, state: '故障' },
      { id: off, state: '离线' },
      { id: held, state: '预订' },
      { id: stopped, state: '停用' },
    ].sort((a, b) => a.id - b.id);
    expect(r.data).toEqual({ states, unknown: [pc2] });
    const after = await stamp();
    // only the machine whose state moved has a new state_at
    expect(after.filter((x, i) => x.at !== before[i]!.at).map((x) => x.id)).toEqual([idle]);
    expect(
      (await rows<{ state: string }>(t.database.db, sql`select state from machines where id = ${pc2}`))[0]!
        .state,
    ).not.toBe('故障');
  });
});
