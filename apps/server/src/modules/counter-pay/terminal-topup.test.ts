import {
  COUNTER_SCAN_MSG,
  type PaymentListData,
  TERMINAL_TOPUP_MSG,
  type TerminalTopupRow,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { notifyRace, paymentState } from '../../test/payment-kit.ts';
import { paymentsOf } from '../payment/index.ts';

/**
 * Decision 185: a member at a PC tops up by scan through the terminal API. The QR waits; the payment's
 * settlement credits the member once (counter-pay's top-up intent), booked as 客户端 <machine>.
 */

let t: TestApp;
let owner: Client;
let nid = 0;
let nid2 = 0;
const machines: number[] = [];
const machineNames: string[] = [];
let member = { id: 0, card: '' };

/** A terminal of one store: its server key and id in the headers (the terminal module's test kit shape). */
function terminal(netbarId: number) {
  const headers = { 'x-server-key': `demo-server-key-${netbarId}`, 'x-netbar-id': String(netbarId) };
  const c = t.client();
  return {
    post: <T = unknown>(url: string, body: Record<string, unknown>) =>
      c.request<T>('POST', url, body, { json: true, headers }),
    get: <T = unknown>(url: string, query: Record<string, string>) =>
      c.request<T>('GET', `${url}?${new URLSearchParams(query)}`, undefined, { headers }),
  };
}
let pc: ReturnType<typeof terminal>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const ids = await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`);
  const byName = Object.fromEntries(ids.map((n) => [n.name, n.id]));
  nid = byName.星际网咖旗舰店!;
  nid2 = byName.极速网吧!;
  pc = terminal(nid);
  const tag = Date.now().toString(36).slice(-5);
  const area = await owner.post<{ id: number }>('/api/v1/venue_area_save', { name: `充值区${tag}` });
  expect(area.status, area.msg).toBe(200);
  for (const i of [0, 1]) {
    const name = `T${tag}${i}`;
    const m = await owner.post<{ id: number }>('/api/v1/machine_save', { name, area_id: area.data.id });
    expect(m.status, m.msg).toBe(200);
    machines.push(m.data.id);
    machineNames.push(name);
  }
  const plan = await owner.post('/api/v1/rate_plan_save', {
    name: `充值${tag}`,
    area_id: area.data.id,
    price_per_hour_fen: 600,
  });
  expect(plan.status, plan.msg).toBe(200);
  const card = `TU${tag}`;
  const m = await owner.post<{ id: number }>('/api/v1/member_save', {
    card_kind: 2,
    card_no: card,
    name: `客户端充值${tag}`,
  });
  expect(m.status, m.msg).toBe(200);
  const tp = await owner.post('/api/v1/member_topup', {
    member_id: m.data.id,
    amount_fen: 1000,
    pay_method: 'cash',
    request_id: rid(),
  });
  expect(tp.status, tp.msg).toBe(200);
  member = { id: m.data.id, card };
  const on = await pc.post('/api/v1/terminal_logon', { machine_id: machines[0], card_no: card });
  expect(on.status, on.msg).toBe(200);
});
afterEach(() => expectMemberLedgerMatches(t));
afterAll(() => t.close());

const topup = (b: Record<string, unknown>, on = pc) =>
  on.post<TerminalTopupRow & { replay: boolean }>('/api/v1/terminal_topup_scan', {
    machine_id: machines[0],
    amount_fen: 5000,
    pay_type: 'wechat',
    request_id: rid(),
    ...b,
  });
const status = (no: string, on = pc) =>
  on.get<TerminalTopupRow>('/api/v1/terminal_topup_status', { payment_no: no });
const principal = async () =>
  (
    await rows<{ p: number }>(
      t.database.db,
      sql`select principal_fen::int as p from members where id = ${member.id}`,
    )
  )[0]!.p;
const intents = () => countOf(t, 'counter_scan_pays', `member_id = ${member.id}`);
/** The customer pays at the sandbox; its queued notification is dropped (the test sends its own). */
async function customerPays(no: string) {
  await paymentsOf(t.app.deps).sandbox.pay(no);
  await rows(t.database.db, sql`delete from sandbox_notify_queue`);
}

describe('terminal_topup_scan', () => {
  it('a PC member tops up 50 元 by wechat: waiting, paid at the sandbox, 10 notifications credit once', async () => {
    const before = await principal();
    const key = rid();
    const r = await topup({ request_id: key });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      status: 'waiting',
      status_label: '等待付款',
      amount_fen: 5000,
      pay_type: 'wechat',
      replay: false,
      principal_fen: null,
    });
    expect(r.data.pay_url).toMatch(/^http/);
    expect(r.data.expires_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const no = r.data.payment_no;
    // the PC lost the answer and asks again: the same QR, nothing new
    const again = await topup({ request_id: key });
    expect(again.status, again.msg).toBe(200);
    expect(again.data).toMatchObject({ payment_no: no, replay: true });
    expect(await intents()).toBe(1);
    expect((await status(no)).data).toMatchObject({ status: 'waiting', principal_fen: null });
    expect(await principal()).toBe(before);

    await customerPays(no);
    const race = await notifyRace(t.app, no, 10);
    expect(race.accepted).toBe(10);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    expect(await principal()).toBe(before + 5000);
    const s = await status(no);
    expect(s.status, s.msg).toBe(200);
    expect(s.data).toMatchObject({ status: 'paid', status_label: '充值成功', principal_fen: before + 5000 });

    // booked once, as the machine: the member ledger, and the till in the shift of the cashier on duty
    // (the owner's, opened by the cash top-up above); no shift of its own for the client
    const led = await rows<{ n: number; user_name: string; pay_method: string }>(
      t.database.db,
      sql`select count(*)::int as n, max(user_name) as user_name, max(pay_method) as pay_method
          from member_ledger where member_id = ${member.id} and request_id = ${`scan-${no}`}`,
    );
    expect(led[0]).toEqual({ n: 1, user_name: `客户端 ${machineNames[0]}`, pay_method: 'scan' });
    const duty = await rows<{ id: number }>(
      t.database.db,
      sql`select id::int from shifts where netbar_id = ${nid} and status = 'open' order by opened_at desc, id desc limit 1`,
    );
    const till = await rows<{ shift_id: number; fen: number; user_name: string; method: string }>(
      t.database.db,
      sql`select shift_id::int, amount_fen::int as fen, user_name, method from till_ledger where request_id = ${`scan-${no}`}`,
    );
    expect(till).toEqual([
      { shift_id: duty[0]!.id, fen: 5000, user_name: `客户端 ${machineNames[0]}`, method: 'scan' },
    ]);
    expect(await countOf(t, 'shifts', 'cashier_id = 0')).toBe(0);
    const intent = await rows<{ cashier_id: number; cashier_name: string; status: string }>(
      t.database.db,
      sql`select cashier_id, cashier_name, status from counter_scan_pays where payment_no = ${no}`,
    );
    expect(intent).toEqual([{ cashier_id: 0, cashier_name: `客户端 ${machineNames[0]}`, status: 'paid' }]);
  });
});

describe('refusals', () => {
  it('a method the 客户端 does not offer is refused and writes nothing', async () => {
    const list = (
      await owner.request<PaymentListData>('GET', '/api/c1/payment_list', undefined, { bearer: true })
    ).data.list;
    const ali = list.find((m) => m.pay_type === 'alipay')!;
    const edit = await owner.request(
      'POST',
      '/api/c1/payment_edit',
      { id: ali.id, name: ali.name, cashier: true, client: false, provider: ali.provider },
      { bearer: true, json: true },
    );
    expect(edit.status, edit.msg).toBe(200);
    const n = await intents();
    for (const pay_type of ['alipay', 'unionpay']) {
      const r = await topup({ pay_type });
      expect([r.status, r.msg]).toEqual([40000, TERMINAL_TOPUP_MSG.notOffered]);
    }
    expect(await intents()).toBe(n);
  });

  it('a machine with nobody logged on is refused; another store’s machine is absent', async () => {
    const r = await topup({ machine_id: machines[1] });
    expect([r.status, r.msg]).toEqual([40000, TERMINAL_TOPUP_MSG.noMember]);
    const theirs = await topup({}, terminal(nid2));
    expect(theirs.status).toBe(40004);
    expect(await countOf(t, 'counter_scan_pays', `netbar_id = ${nid2}`)).toBe(0);
  });

  it("another store's machine reading the payment gets 40004; a console user (cookie) is refused", async () => {
    const r = await topup({ amount_fen: 300 });
    expect(r.status, r.msg).toBe(200);
    const theirs = await status(r.data.payment_no, terminal(nid2));
    expect([theirs.status, theirs.msg]).toEqual([40004, COUNTER_SCAN_MSG.notFound]);
    const cookieStatus = await owner.get('/api/v1/terminal_topup_status', { payment_no: r.data.payment_no });
    expect(cookieStatus.status).toBe(40005);
    const n = await intents();
    const cookie = await owner.request(
      'POST',
      '/api/v1/terminal_topup_scan',
      { machine_id: machines[0], amount_fen: 500, pay_type: 'wechat', request_id: rid() },
      { json: true },
    );
    expect(cookie.status).toBe(40005);
    expect(await intents()).toBe(n);
    // a counter top-up is not the PC's to read
    const counter = await owner.request<{ payment_no: string }>(
      'POST',
      '/api/v1/member_scan_topup',
      { member_id: member.id, amount_fen: 100, pay_type: 'wechat', request_id: rid() },
      { json: true },
    );
    expect(counter.status, counter.msg).toBe(200);
    expect((await status(counter.data.payment_no)).status).toBe(40004);
  });

  it('bad amounts and input are refused in Chinese and write nothing', async () => {
    const n = await intents();
    const payments = await countOf(t, 'payments', `netbar_id = ${nid}`);
    for (const amount_fen of [0, -100, 10_000_001, 1.234, 'abc']) {
      const r = await topup({ amount_fen });
      expect([r.status, r.msg]).toEqual([40000, COUNTER_SCAN_MSG.amount]);
    }
    expect((await topup({ pay_type: 'bitcoin' })).msg).toBe(COUNTER_SCAN_MSG.payType);
    expect((await topup({ machine_id: 'x' })).msg).toBe(TERMINAL_TOPUP_MSG.machine);
    expect((await topup({ request_id: 'a' })).status).toBe(40000);
    expect((await status('P123')).msg).toBe('支付单号不正确');
    expect(await intents()).toBe(n);
    expect(await countOf(t, 'payments', `netbar_id = ${nid}`)).toBe(payments);
  });
});

describe('a payment that closes', () => {
  it('reads closed once the payment is closed, and credits nothing', async () => {
    const before = await principal();
    const r = await topup({ amount_fen: 700 });
    await paymentsOf(t.app.deps).close(systemStoreScope(nid), r.data.payment_no);
    const s = await status(r.data.payment_no);
    expect(s.data).toMatchObject({ status: 'closed', status_label: '已关闭', principal_fen: null });
    expect((await paymentState(t.app, r.data.payment_no)).status).toBe('已关闭');
    expect(await principal()).toBe(before);
  });
});
