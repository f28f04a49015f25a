import type { LevelRow, MemberRow, OrderResult, PayLinkInfo, PayLinkRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { expectOrdersBalance } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  count,
  endDemoPromotions,
  expectMemberLedgerMatches,
  makeGoods,
  postStockDoc,
  rid,
} from '../../test/kit.ts';
import { c1, notifyRace, paymentState, payRid } from '../../test/payment-kit.ts';
import { paymentsOf } from '../payment/index.ts';

/** Decision 176: a member top-up link and an order's payment link settle once, through counter-pay's path. */
let t: TestApp;
let shop: Client;
let shop2: Client;
let agent: Client;
let sku: number;
let level: number;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_MAX_FEN: '1000000' });
  await endDemoPromotions(t); // the bonus here is the level's rule alone
  shop = await t.as(DEMO.netbar);
  shop2 = await t.as(DEMO.netbar2);
  agent = await t.as(DEMO.agent);
  const g = await makeGoods(shop, '链接可乐', [{ spec: '', cost_fen: 100, price_fen: 450 }]);
  sku = g.skuIds[0]!;
  for (const doc of ['goods_in', 'goods_bar_in'])
    expect((await postStockDoc(shop, doc, [{ item_kind: 'goods', item_id: sku, qty: 30 }])).status).toBe(200);
  const l = await shop.post<LevelRow>('/api/v1/member_level_save', {
    name: '链接充值等级',
    threshold_fen: 0,
    rate_discount: 100,
    member_price: 0,
    points_per_yuan: 0,
    bonus_rules: JSON.stringify([{ threshold_fen: 10000, bonus_fen: 1000 }]),
    overdraft_fen: 0,
  });
  expect(l.status, l.msg).toBe(200);
  level = l.data.id;
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectMemberLedgerMatches(t);
});
afterAll(() => t.close());

let n = 0;
/** A member of 星际网咖 with a known card no and mobile. */
async function member() {
  const card = `LK${Date.now().toString().slice(-8)}${++n}`;
  const mobile = `139${String(Date.now()).slice(-6)}${String(n).padStart(2, '0')}`;
  const m = await shop.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: card,
    name: `链接顾客${n}`,
    mobile,
    level_id: level,
  });
  expect(m.status, m.msg).toBe(200);
  return { id: m.data.id, card, mobile };
}
const principal = async (id: number) => (await shop.get<MemberRow>('/api/v1/member_detail', { id })).data;
const pub = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>) =>
  t.client().request<T>(method, `/api/c1/${path}`, body, { json: method === 'POST' });
const topupLink = (b: Record<string, unknown>, c = shop) =>
  c1<PayLinkRow>(c, 'POST', 'pay_link_create', {
    purpose: 'topup',
    title: '会员充值',
    amount_mode: 'fixed',
    amount: '100',
    single_use: true,
    expires_days: 7,
    request_id: payRid(),
    ...b,
  });
const startPay = (token: string, extra: Record<string, unknown> = {}) =>
  pub<{ no: string; s: string }>('POST', 'pay_link_pay', {
    token,
    method: 'wechat',
    request_id: payRid(),
    ...extra,
  });
/** The customer pays at the sandbox; its queued notification is dropped and 10 arrive at once instead. */
async function paysAndRace(no: string) {
  await paymentsOf(t.app.deps).sandbox.pay(no);
  await rows(t.database.db, sql`delete from sandbox_notify_queue`);
  return notifyRace(t.app, no, 10);
}
const linkRow = async (id: number) =>
  (await c1<{ list: PayLinkRow[] }>(shop, 'GET', 'pay_link_list', { page: 1, page_size: 50 })).data.list.find(
    (x) => x.id === id,
  )!;

describe('a member top-up link', () => {
  it('for one member (by mobile): the page shows the masked name; 10 parallel notifications top up once with the bonus', async () => {
    const m = await member();
    const l = await topupLink({ member: m.mobile });
    expect(l.status, l.msg).toBe(200);
    expect(l.data).toMatchObject({ purpose: 'topup', member_id: m.id, amount_fen: 10000 });
    expect(l.data.member_name).toMatch(/^链\*+$/);
    const info = await pub<PayLinkInfo>('GET', 'pay_link_info', { token: l.data.token });
    expect(info.data).toMatchObject({ needs_card: false, purpose: 'topup', amount_fen: 10000 });
    expect(info.data.member_card).toContain(m.card.slice(-4));
    const before = await principal(m.id);
    const p = await startPay(l.data.token);
    expect(p.status, p.msg).toBe(200);
    expect((await principal(m.id)).principal_fen).toBe(before.principal_fen);
    const race = await paysAndRace(p.data.no);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    const after = await principal(m.id);
    expect(after.principal_fen - before.principal_fen).toBe(10000);
    expect(after.bonus_fen - before.bonus_fen).toBe(1000);
    const till = await rows<{ n: number; fen: number }>(
      t.database.db,
      sql`select count(*)::int as n, sum(amount_fen)::int as fen from till_ledger where request_id = ${`scan-${p.data.no}`}`,
    );
    expect(till[0]).toEqual({ n: 1, fen: 10000 });
    expect(await linkRow(l.data.id)).toMatchObject({ status: '已用完', paid_count: 1, paid_fen: 10000 });
    const again = await startPay(l.data.token);
    expect([again.status, again.msg]).toEqual([40009, '收款链接已使用，不能再次支付']);
  });

  it('open to any member: the payer enters a card no, sees the masked name, and that member is topped up', async () => {
    const m = await member();
    const l = await topupLink({
      amount_mode: 'open',
      amount: undefined,
      min_amount: '10',
      max_amount: '500',
      single_use: false,
    });
    expect(l.status, l.msg).toBe(200);
    expect(l.data.member_id).toBeNull();
    const info = await pub<PayLinkInfo>('GET', 'pay_link_info', { token: l.data.token });
    expect(info.data.needs_card).toBe(true);
    const who = await pub<{ name: string; card_mask: string }>('GET', 'pay_link_member', {
      token: l.data.token,
      card_no: m.card,
    });
    expect(who.status, who.msg).toBe(200);
    expect(who.data.name).toMatch(/^链\*+$/);
    const unknown = await pub('GET', 'pay_link_member', { token: l.data.token, card_no: 'NOPE12345' });
    expect([unknown.status, unknown.msg]).toEqual([40004, '未找到该会员卡，请核对卡号']);
    const payments = await count(t, 'payments');
    const noCard = await startPay(l.data.token, { amount: '20' });
    expect([noCard.status, noCard.msg]).toEqual([40000, '请输入会员卡号']);
    const badCard = await startPay(l.data.token, { amount: '20', card_no: 'NOPE12345' });
    expect(badCard.status).toBe(40004);
    const cents = await startPay(l.data.token, { amount: '20.001', card_no: m.card });
    expect(cents.status).toBe(40000);
    expect(await count(t, 'payments')).toBe(payments);
    const before = await principal(m.id);
    const p = await startPay(l.data.token, { amount: '20.5', card_no: m.card });
    expect(p.status, p.msg).toBe(200);
    const race = await paysAndRace(p.data.no);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    expect((await principal(m.id)).principal_fen - before.principal_fen).toBe(2050);
    expect(await linkRow(l.data.id)).toMatchObject({ status: '有效', paid_count: 1, paid_fen: 2050 });
  });

  it('an expired link refuses; another store, the wrong user type and bad input are refused, nothing written', async () => {
    const m = await member();
    const l = await topupLink({ member: m.card });
    await t.app.deps.db.execute(
      sql`update pay_links set expires_at = now() - interval '1 minute' where id = ${l.data.id}`,
    );
    const late = await startPay(l.data.token);
    expect([late.status, late.msg]).toEqual([40009, '收款链接已过期']);
    const other = await c1(shop2, 'POST', 'pay_link_disable', { id: l.data.id });
    expect([other.status, other.msg]).toEqual([40004, '收款链接不存在']);
    const before = await count(t, 'pay_links');
    // demo_netbar2's store cannot make a link for demo_netbar's member
    const foreign = await topupLink({ member: m.card }, shop2);
    expect([foreign.status, foreign.msg]).toEqual([40000, '未找到该会员，请核对卡号或手机号']);
    expect((await topupLink({}, agent)).status).toBe(40003);
    for (const [b, msg] of [
      [{ amount: '0' }, '金额须为大于0且最多两位小数的金额'],
      [{ amount: '1.234' }, '金额须为大于0且最多两位小数的金额'],
      [{ member: 'NOSUCH999' }, '未找到该会员，请核对卡号或手机号'],
      [{ member: '13900000000' }, '未找到该会员，请核对卡号或手机号'],
      [{ member: 'a!' }, '会员卡号或手机号为4-32位字母或数字'],
      [{ purpose: 'collect', member: m.card }, '只有会员充值链接可以指定会员'],
    ] as const) {
      const r = await topupLink(b);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'pay_links')).toBe(before);
  });
});

describe("an order's payment link", () => {
  const unpaidOrder = async () => {
    const r = await shop.request<OrderResult>(
      'POST',
      '/api/v1/order_create',
      { request_id: rid(), lines: [{ sku_id: sku, qty: 2 }] },
      { json: true },
    );
    expect(r.status, r.msg).toBe(200);
    return r.data.order;
  };
  const orderLink = (order_id: number, c = shop) =>
    c1<PayLinkRow>(c, 'POST', 'order_pay_link', { order_id, request_id: payRid() });
  const orderOf = async (id: number) =>
    (await shop.get<OrderResult>('/api/v1/order_detail', { id })).data.order;

  it('is the order total, single use; 10 parallel notifications complete the order once as at the counter', async () => {
    const o = await unpaidOrder();
    const l = await orderLink(o.id);
    expect(l.status, l.msg).toBe(200);
    expect(l.data).toMatchObject({
      purpose: 'order',
      amount_fen: 900,
      single_use: true,
      order_id: o.id,
      order_no: o.order_no,
    });
    const p = await startPay(l.data.token, { amount: '1' });
    expect(p.status, p.msg).toBe(200);
    expect((await orderOf(o.id)).status).toBe('unpaid');
    const race = await paysAndRace(p.data.no);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    const paid = await rows<{ fen: number }>(
      t.database.db,
      sql`select amount_fen::int as fen from payments where payment_no = ${p.data.no}`,
    );
    expect(paid[0]!.fen).toBe(900);
    const done = await orderOf(o.id);
    expect(done.status).toBe('done');
    expect(done.payments.map((x) => [x.method, x.amount_fen])).toEqual([['scan', 900]]);
    const till = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from till_ledger where order_id = ${o.id} and method = 'scan'`,
    );
    expect(till[0]!.n).toBe(1);
    expect(await linkRow(l.data.id)).toMatchObject({ status: '已用完', paid_count: 1 });
    const again = await orderLink(o.id);
    expect([again.status, again.msg]).toEqual([40009, '订单不是待支付状态，不能生成付款链接']);
  });

  it('an order cancelled before paying refuses the link; paid elsewhere meanwhile, the money goes back', async () => {
    const a = await unpaidOrder();
    const la = await orderLink(a.id);
    expect(
      (await shop.request('POST', '/api/v1/order_cancel', { order_id: a.id }, { json: true })).status,
    ).toBe(200);
    const gone = await startPay(la.data.token);
    expect([gone.status, gone.msg]).toEqual([40009, '订单已不是待支付状态，不能再支付']);

    const b = await unpaidOrder();
    const lb = await orderLink(b.id);
    const p = await startPay(lb.data.token);
    const cash = await shop.request(
      'POST',
      '/api/v1/order_pay',
      { order_id: b.id, request_id: rid(), payments: [{ method: 'cash', amount_fen: 900 }] },
      { json: true },
    );
    expect(cash.status, cash.msg).toBe(200);
    await paysAndRace(p.data.no);
    const st = await paymentState(t.app, p.data.no);
    expect([st.duplicate, st.refunded_fen]).toEqual([true, 900]);
    expect((await orderOf(b.id)).payments.map((x) => x.method)).toEqual(['cash']);
    expect(await linkRow(lb.data.id)).toMatchObject({ paid_count: 0 });
  });

  it("another store's order, the wrong user type and bad input are refused", async () => {
    const o = await unpaidOrder();
    const before = await count(t, 'pay_links');
    expect((await orderLink(o.id, shop2)).status).toBe(40004);
    expect((await orderLink(o.id, agent)).status).toBe(40003);
    const bad = await c1(shop, 'POST', 'order_pay_link', { order_id: 0, request_id: payRid() });
    expect([bad.status, bad.msg]).toEqual([40000, '请选择订单']);
    const viaCreate = await topupLink({ purpose: 'order' });
    expect([viaCreate.status, viaCreate.msg]).toEqual([
      40000,
      '订单付款链接请在待支付订单上点「生成付款链接」',
    ]);
    expect(await count(t, 'pay_links')).toBe(before);
  });
});
