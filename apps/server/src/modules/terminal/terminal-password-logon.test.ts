import { MEMBER_LOGON_MSG, MEMBER_PASSWORD_MSG } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_PASSWORD, demoMemberCards } from '../../demo/member.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { logonStore } from './logon-test-kit.ts';
import { storeIds, terminal } from './terminal-test-kit.ts';

let t: TestApp;
let owner: Client;
let store: Awaited<ReturnType<typeof logonStore>>;
let term: ReturnType<typeof terminal>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  store = await logonStore(owner, 3);
  term = terminal(t.client(), (await storeIds(t)).星际网咖旗舰店!);
});
afterAll(() => t.close());

const logon = (machine_id: number, card_no: string, password?: string) =>
  term.post<{ id: number }>('/api/v1/terminal_logon', {
    machine_id,
    card_no,
    ...(password ? { password } : {}),
  });
const logoff = (machine_id: number) => term.post('/api/v1/terminal_logoff', { machine_id });
const sessions = (memberId: number) => countOf(t, 'online_sessions', `member_id = ${memberId}`);

describe('terminal logon with a member password', () => {
  it('logs a member with a password on only with the right one', async () => {
    const m = await store.member({ password: '123456' });
    const none = await logon(store.machines[0]!, m.card);
    expect([none.status, none.msg]).toEqual([40000, MEMBER_LOGON_MSG.passwordNeeded]);
    const wrong = await logon(store.machines[0]!, m.card, '654321');
    expect([wrong.status, wrong.msg]).toEqual([40000, '会员密码错误，还可尝试4次']);
    expect(await sessions(m.id)).toBe(0);
    const right = await logon(store.machines[0]!, m.card, '123456');
    expect([right.status, right.msg]).toEqual([200, '上机成功']);
    expect(await sessions(m.id)).toBe(1);
    expect((await logoff(store.machines[0]!)).status).toBe(200);
    // the success cleared the count: four more wrong tries are still allowed
    expect((await logon(store.machines[0]!, m.card, '000000')).msg).toBe('会员密码错误，还可尝试4次');
  });

  it('locks password logon for 15 minutes after 5 wrong tries, even with the right one; a reset clears it', async () => {
    const m = await store.member({ password: 'pass1234' });
    for (let i = 1; i <= 4; i++)
      expect((await logon(store.machines[1]!, m.card, 'wrong999')).msg).toBe(
        `会员密码错误，还可尝试${5 - i}次`,
      );
    const fifth = await logon(store.machines[1]!, m.card, 'wrong999');
    expect([fifth.http, fifth.status, fifth.msg]).toEqual([
      429,
      42900,
      '会员密码错误次数过多，请15分钟后再试',
    ]);
    const locked = await logon(store.machines[1]!, m.card, 'pass1234');
    expect([locked.status, locked.msg]).toEqual([42900, '会员密码错误次数过多，请15分钟后再试']);
    expect(await t.app.deps.kv.ttl(`member:pwfail:${m.id}`)).toBeGreaterThan(890);
    expect(await sessions(m.id)).toBe(0);
    // staff reset the password at the counter: the lock goes with it
    expect(
      (await owner.post('/api/v1/member_password_reset', { id: m.id, password: 'newpass1' })).status,
    ).toBe(200);
    expect((await logon(store.machines[1]!, m.card, 'newpass1')).status).toBe(200);
    expect((await logoff(store.machines[1]!)).status).toBe(200);
  });

  it('a member without a password logs on by card alone only while the store allows it', async () => {
    const m = await store.member();
    const withPw = await logon(store.machines[2]!, m.card, '123456');
    expect([withPw.status, withPw.msg]).toEqual([40000, MEMBER_LOGON_MSG.passwordNotSet]);
    expect((await logon(store.machines[2]!, m.card)).status).toBe(200);
    expect((await logoff(store.machines[2]!)).status).toBe(200);
    const s = await owner.get<{ deduct_order: string }>('/api/v1/member_settings');
    await owner.post('/api/v1/member_settings_save', {
      deduct_order: s.data.deduct_order,
      card_only_logon: 0,
    });
    const off = await logon(store.machines[2]!, m.card);
    expect([off.status, off.msg]).toEqual([40000, MEMBER_LOGON_MSG.cardOnlyOff]);
    await owner.post('/api/v1/member_settings_save', {
      deduct_order: s.data.deduct_order,
      card_only_logon: 1,
    });
    expect(await sessions(m.id)).toBe(1);
  });

  it("refuses a malformed password in Chinese without counting it, and another store's card as unknown", async () => {
    const m = await store.member({ password: '112233' });
    const bad = await logon(store.machines[0]!, m.card, '12');
    expect([bad.status, bad.msg]).toEqual([40000, MEMBER_PASSWORD_MSG]);
    expect(await t.app.deps.kv.get(`member:pwfail:${m.id}`)).toBeUndefined();
    const other = terminal(t.client(), (await storeIds(t)).极速网吧!);
    const r = await other.post('/api/v1/terminal_logon', {
      machine_id: store.machines[0],
      card_no: m.card,
      password: '112233',
    });
    expect([r.status, r.msg]).toEqual([40004, '会员卡不存在']);
    expect(await sessions(m.id)).toBe(0);
  });

  it('the demo members have the password 123456 (README)', async () => {
    const nid = (await storeIds(t)).星际网咖旗舰店!;
    const card = demoMemberCards(nid).find((c) => c.status === 1)!.card;
    expect((await logon(store.machines[2]!, card)).msg).toBe(MEMBER_LOGON_MSG.passwordNeeded);
    const r = await logon(store.machines[2]!, card, DEMO_MEMBER_PASSWORD);
    expect(r.msg).not.toMatch(/密码/);
    if (r.status === 200) await logoff(store.machines[2]!);
  });
});
