import { ConsoleKind, TIP_MSG, type TipStaffOption } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { logonStore } from './logon-test-kit.ts';
import { listen, openWs, storeIds, terminal } from './terminal-test-kit.ts';

/** 打赏 from a PC (decision 148): the member logged on at the machine tips a staff member from 本金. */

let t: TestApp;
let owner: Client;
let nid = 0;
let nid2 = 0;
let machines: number[] = [];
let member = { id: 0, card: '' };
let xiaochen = 0;
let term: ReturnType<typeof terminal>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const ids = await storeIds(t);
  nid = ids.星际网咖旗舰店!;
  nid2 = ids.极速网吧!;
  term = terminal(t.client(), nid);
  const store = await logonStore(owner, 2);
  machines = store.machines;
  member = await store.member();
  xiaochen = (
    await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = 'demo_netbar_staff'`)
  )[0]!.id;
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
});

const principal = async () =>
  (
    await rows<{ p: number }>(
      t.database.db,
      sql`select principal_fen::int as p from members where id = ${member.id}`,
    )
  )[0]!.p;
const tip = (b: Record<string, unknown>, on = term) =>
  on.post<{ id: number; replay: boolean; principal_after: number }>('/api/v1/terminal_tip', {
    machine_id: machines[0],
    staff_id: xiaochen,
    amount_fen: 500,
    request_id: rid(),
    ...b,
  });

describe('terminal_tip', () => {
  it('lists the staff a member may tip, refuses a machine with nobody logged on, then tips from 本金', async () => {
    const staff = await term.get<TipStaffOption[]>('/api/v1/terminal_tip_staff');
    expect(staff.status, staff.msg).toBe(200);
    expect(staff.data).toContainEqual(expect.objectContaining({ id: xiaochen, name: '小陈' }));

    const none = await tip({});
    expect([none.status, none.msg]).toEqual([40000, TIP_MSG.noMember]);
    const on = await term.post('/api/v1/terminal_logon', { machine_id: machines[0], card_no: member.card });
    expect(on.status, on.msg).toBe(200);
    const before = await principal();

    const ws = await openWs(t, owner);
    const frames = listen(ws);
    const key = rid();
    const r = await tip({ request_id: key });
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe('打赏成功');
    expect(r.data).toMatchObject({ replay: false, principal_after: before - 500 });
    const frame = await frames.next((f) => f.type === ConsoleKind.TIP);
    expect(frame).toMatchObject({ id: r.data.id, staff_name: '小陈', amount_fen: 500 });
    ws.close();

    const row = await rows<{ source: string; machine_id: number; user_name: string; member_id: number }>(
      t.database.db,
      sql`select source, machine_id, user_name, member_id from tip_ledger where id = ${r.data.id}`,
    );
    expect(row).toEqual([
      { source: 'terminal', machine_id: machines[0], user_name: '客户端', member_id: member.id },
    ]);
    // a retry (the PC lost the answer) applies once
    const again = await tip({ request_id: key });
    expect(again.data).toMatchObject({ id: r.data.id, replay: true });
    expect(again.msg).toBe('打赏已处理过');
    expect(await principal()).toBe(before - 500);
    expect(await countOf(t, 'tip_ledger', `request_id = '${key}'`)).toBe(1);
  });

  it('refuses more than the 本金, bad input, and another store’s machine or staff as absent', async () => {
    const big = await tip({ amount_fen: (await principal()) + 1 });
    expect(big.status).toBe(40000);
    expect(big.msg).toMatch(/^本金余额不足/);
    expect((await tip({ amount_fen: 0 })).msg).toBe(TIP_MSG.amount);
    expect((await tip({ machine_id: 'x' })).msg).toBe('机器编号无效');
    const theirs = terminal(t.client(), nid2);
    // 极速网吧's terminal naming our machine: no such machine there; our staff: absent there
    expect((await tip({}, theirs)).status).toBe(40004);
    const r = await tip({ staff_id: xiaochen }, theirs);
    expect(r.status).toBe(40004);
    // no key, no call
    const anon = await t.client().post('/api/v1/terminal_tip', { machine_id: machines[0] });
    expect(anon.status).not.toBe(200);
    expect(
      await countOf(t, 'tip_ledger', `netbar_id = ${nid2} and kind = 'tip' and machine_id = ${machines[0]}`),
    ).toBe(0);
  });
});
