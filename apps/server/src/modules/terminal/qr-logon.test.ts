import { MEMBER_LOGON_MSG as M, MEMBER_PASSWORD_MSG, type QrTicket } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { logonStore } from './logon-test-kit.ts';
import { createQrLogon } from './terminal-qr.service.ts';
import { storeIds, terminal } from './terminal-test-kit.ts';

let t: TestApp;
let owner: Client;
let nid = 0;
let store: Awaited<ReturnType<typeof logonStore>>;
let term: ReturnType<typeof terminal>;
let phone: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const ids = await storeIds(t);
  nid = ids.星际网咖旗舰店!;
  store = await logonStore(owner, 4);
  term = terminal(t.client(), nid);
  phone = t.client();
});
afterAll(() => t.close());

const ticket = async (machine_id: number) => {
  const r = await term.post<QrTicket>('/api/v1/terminal_qr_ticket', { machine_id });
  expect(r.status, r.msg).toBe(200);
  return r.data;
};
const poll = (tk: string) => term.get<Record<string, unknown>>('/api/v1/terminal_qr_status', { ticket: tk });
const info = (tk: string) => phone.get<Record<string, unknown>>('/api/v1/scan_logon_info', { ticket: tk });
const confirm = (t_: string, account: string, password: string) =>
  phone.request<Record<string, unknown>>(
    'POST',
    '/api/v1/scan_logon_confirm',
    { ticket: t_, account, password },
    { json: true },
  );
const sessions = (memberId: number) => countOf(t, 'online_sessions', `member_id = ${memberId}`);
const logoff = (machine_id: number) => term.post('/api/v1/terminal_logoff', { machine_id });

describe('QR logon', () => {
  it('a ticket for a machine, confirmed on the phone by card and password, starts the session the PC polls', async () => {
    const m = await store.member({ password: '778899' });
    const tk = await ticket(store.machines[0]!);
    expect(tk.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tk.url).toMatch(new RegExp(`/scan_logon\\?t=${tk.ticket}$`));
    expect(tk.expires_in).toBe(120);
    // the public page before confirmation: the store and the machine, nothing about any member
    const before = await info(tk.ticket);
    expect(before.status, before.msg).toBe(200);
    expect(Object.keys(before.data).sort()).toEqual(['expires_in', 'machine_name', 'store_name']);
    expect(before.data.store_name).toBe('星际网咖旗舰店');
    expect((await poll(tk.ticket)).data.state).toBe('waiting');
    const ok = await confirm(tk.ticket, m.card, '778899');
    expect([ok.status, ok.msg]).toEqual([200, '上机成功']);
    const done = (await poll(tk.ticket)).data;
    expect(done).toMatchObject({
      state: 'done',
      machine_id: store.machines[0],
      member_name: expect.any(String),
    });
    expect(await sessions(m.id)).toBe(1);
    // single use: the page and a second confirmation say so
    expect((await info(tk.ticket)).msg).toBe(M.ticketUsed);
    expect((await confirm(tk.ticket, m.card, '778899')).msg).toBe(M.ticketUsed);
    expect(await sessions(m.id)).toBe(1);
    expect((await logoff(store.machines[0]!)).status).toBe(200);
  });

  it('confirms by mobile number and password too', async () => {
    const m = await store.member({ password: 'abc123', mobile: '13700001111' });
    const tk = await ticket(store.machines[1]!);
    expect((await confirm(tk.ticket, '13700001111', 'abc123')).status).toBe(200);
    expect(await sessions(m.id)).toBe(1);
    expect((await logoff(store.machines[1]!)).status).toBe(200);
  });

  it('a wrong password, an unknown card and a member without a password get the same answer; 5 void the ticket', async () => {
    const m = await store.member({ password: '445566' });
    const bare = await store.member();
    const tk = await ticket(store.machines[2]!);
    for (const [account, pw] of [
      [m.card, '000000'],
      ['NOSUCHCARD9', '445566'],
      [bare.card, '445566'],
      [m.card, '111111'],
    ] as const)
      expect((await confirm(tk.ticket, account, pw)).msg).toBe(M.wrongAccount);
    const fifth = await confirm(tk.ticket, m.card, '222222');
    expect([fifth.status, fifth.msg]).toEqual([42900, M.ticketTooMany]);
    expect((await poll(tk.ticket)).data).toEqual({ state: 'failed', reason: M.ticketTooMany });
    // even the right password no longer uses that ticket
    expect((await confirm(tk.ticket, m.card, '445566')).msg).toBe(M.ticketUsed);
    expect(await sessions(m.id)).toBe(0);
  });

  it('a member locked by wrong passwords is refused on the phone too', async () => {
    const m = await store.member({ password: '998877' });
    for (let i = 0; i < 5; i++)
      await term.post('/api/v1/terminal_logon', {
        machine_id: store.machines[3],
        card_no: m.card,
        password: '123123',
      });
    const tk = await ticket(store.machines[3]!);
    const r = await confirm(tk.ticket, m.card, '998877');
    expect([r.status, r.msg]).toEqual([42900, '会员密码错误次数过多，请15分钟后再试']);
    expect(await sessions(m.id)).toBe(0);
  });

  it("another store's ticket is unknown to its terminal; another store's machine gets no ticket", async () => {
    const tk = await ticket(store.machines[0]!);
    const other = terminal(t.client(), (await storeIds(t)).极速网吧!);
    const r = await other.get('/api/v1/terminal_qr_status', { ticket: tk.ticket });
    expect([r.status, r.msg]).toEqual([40004, M.ticketGone]);
    const mine = await other.post('/api/v1/terminal_qr_ticket', { machine_id: store.machines[0] });
    expect([mine.status, mine.msg]).toEqual([40004, '机器不存在']);
  });

  it('an expired ticket is refused everywhere', async () => {
    let clock = Date.now();
    const { db, kv, config } = t.app.deps;
    const qr = createQrLogon({ db, kv, config, events: () => null, now: () => clock });
    const m = await store.member({ password: '135135' });
    const tk = await qr.issue(systemStoreScope(nid), store.machines[0]!, 'http://x');
    clock += 121_000;
    await expect(qr.info(tk.ticket)).rejects.toThrow(M.ticketGone);
    await expect(qr.status(systemStoreScope(nid), tk.ticket)).rejects.toThrow(M.ticketGone);
    await expect(qr.confirm(tk.ticket, m.card, '135135')).rejects.toThrow(M.ticketGone);
    expect(await sessions(m.id)).toBe(0);
  });

  it('a session that cannot start (machine in use) fails the ticket with its reason', async () => {
    const a = await store.member({ password: '121212' });
    const b = await store.member({ password: '343434' });
    expect(
      (
        await term.post('/api/v1/terminal_logon', {
          machine_id: store.machines[1],
          card_no: a.card,
          password: '121212',
        })
      ).status,
    ).toBe(200);
    const tk = await ticket(store.machines[1]!);
    const r = await confirm(tk.ticket, b.card, '343434');
    expect(r.status).toBe(40009);
    expect((await poll(tk.ticket)).data).toEqual({ state: 'failed', reason: r.msg });
    expect(await sessions(b.id)).toBe(0);
  });

  it('refuses bad input in Chinese: a malformed ticket, password or account', async () => {
    expect((await info('short')).msg).toBe(M.ticketGone);
    expect((await poll('short')).msg).toBe(M.ticketGone);
    const tk = await ticket(store.machines[2]!);
    expect((await confirm(tk.ticket, 'X1', '12')).msg).toBe(MEMBER_PASSWORD_MSG);
    expect((await confirm(tk.ticket, '卡号', '123456')).msg).toBe('请输入卡号或手机号');
    expect((await term.post('/api/v1/terminal_qr_ticket', { machine_id: 'abc' })).msg).toBe('机器编号无效');
    // malformed input does not count against the ticket
    expect((await info(tk.ticket)).status).toBe(200);
  });

  it('is documented under the terminal tag: the PC calls with the server key, the phone calls public', async () => {
    const doc = JSON.parse((await t.client().get('/api/openapi.json')).raw);
    for (const [path, method] of [
      ['terminal_qr_ticket', 'post'],
      ['terminal_qr_status', 'get'],
      ['terminal_logon', 'post'],
    ] as const) {
      const op = doc.paths[`/api/v1/${path}`][method];
      expect([op.tags, op.security]).toEqual([['终端接口'], [{ serverKey: [], netbarId: [] }]]);
    }
    expect(doc.paths['/api/v1/terminal_logon'].post.summary).toMatch(/密码/);
    for (const path of ['scan_logon_info', 'scan_logon_confirm'])
      expect(Object.values(doc.paths[`/api/v1/${path}`])[0]).toMatchObject({ tags: ['终端接口'] });
  });
});
