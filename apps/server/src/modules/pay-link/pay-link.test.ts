import type { PayLinkInfo, PayLinkRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf, walletLedgerMismatches } from '../../test/kit.ts';
import { c1, injectSender, paymentState, payRid } from '../../test/payment-kit.ts';
import { paymentsOf } from '../payment/index.ts';

let t: TestApp;
let shop: Client;
let shop2: Client;
let agent: Client;
beforeAll(async () => {
  // every notification is sent twice: a repeat must never credit twice
  t = await createTestApp({ PAYMENT_MAX_FEN: '1000000', PAYMENT_SANDBOX_CHAOS: 'twice' });
  shop = await t.as(DEMO.netbar);
  shop2 = await t.as(DEMO.netbar2);
  agent = await t.as(DEMO.agent);
});
afterAll(() => t.close());

const pub = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>) =>
  t.client().request<T>(method, `/api/c1/${path}`, body, { json: method === 'POST' });
const deliver = () => paymentsOf(t.app.deps).backgroundPass(injectSender(t.app));
const create = (c: Client, b: Record<string, unknown>) =>
  c1<PayLinkRow>(c, 'POST', 'pay_link_create', {
    purpose: 'collect',
    title: '包间押金',
    amount_mode: 'fixed',
    amount: '20.00',
    single_use: true,
    expires_days: 7,
    request_id: payRid(),
    ...b,
  });
/** The customer opens the link, pays on the sandbox page; the notifications are delivered. */
async function payLink(token: string, extra: Record<string, unknown> = {}) {
  const r = await pub<{ no: string; s: string }>('POST', 'pay_link_pay', {
    token,
    method: 'wechat',
    request_id: payRid(),
    ...extra,
  });
  if (r.status !== 200) return r;
  const paid = await pub<{ state: string }>('POST', 'pay_page_pay', r.data);
  expect(paid.data.state).toBe('已支付');
  await deliver();
  return r;
}
const balance = async () =>
  (await agent.get<{ balance_fen: number }>('/api/v1/agent_balance')).data.balance_fen;

describe('payment links', () => {
  it('a single-use link is paid once; a second payment is refunded automatically; the list shows 已用完', async () => {
    const l = await create(shop, {});
    expect(l.status).toBe(200);
    expect(l.data).toMatchObject({ status: '有效', amount_fen: 2000, single_use: true, paid_count: 0 });
    expect(l.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await pub<PayLinkInfo>('GET', 'pay_link_info', { token: l.data.token });
    expect(info.data).toMatchObject({ title: '包间押金', amount_fen: 2000, store_name: '星际网咖旗舰店' });

    // two customers open it before either pays: both payments are made, the second paid is a duplicate
    const a = await pub<{ no: string; s: string }>('POST', 'pay_link_pay', {
      token: l.data.token,
      request_id: payRid(),
    });
    const b = await pub<{ no: string; s: string }>('POST', 'pay_link_pay', {
      token: l.data.token,
      request_id: payRid(),
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    await pub('POST', 'pay_page_pay', a.data);
    await pub('POST', 'pay_page_pay', b.data);
    await deliver();
    expect((await paymentState(t.app, a.data.no)).status).toBe('已支付');
    const second = await paymentState(t.app, b.data.no);
    expect(second.duplicate).toBe(true);
    expect(second.refunded_fen).toBe(2000);
    const list = await c1<{ list: PayLinkRow[]; total_fen: number }>(shop, 'GET', 'pay_link_list', {
      page: 1,
      page_size: 10,
    });
    const row = list.data.list.find((x) => x.id === l.data.id)!;
    expect(row).toMatchObject({ status: '已用完', paid_count: 1, paid_fen: 2000 });
    // now paid: opening it again is refused
    const again = await payLink(l.data.token);
    expect([again.status, again.msg]).toEqual([40009, '收款链接已使用，不能再次支付']);
    const pays = await c1<{ list: { payment_no: string }[] }>(shop, 'GET', 'pay_link_payments', {
      id: l.data.id,
      page: 1,
      page_size: 10,
    });
    expect(pays.data.list.map((p) => p.payment_no)).toEqual([a.data.no]);
  });

  it('an open amount is refused outside min/max; a multi-use link collects many times; disable stops it', async () => {
    const l = await create(shop, {
      amount_mode: 'open',
      amount: undefined,
      min_amount: '5',
      max_amount: '50',
      single_use: false,
    });
    expect(l.data).toMatchObject({ amount_fen: null, min_fen: 500, max_fen: 5000 });
    const low = await pub('POST', 'pay_link_pay', {
      token: l.data.token,
      amount: '4.99',
      request_id: payRid(),
    });
    const high = await pub('POST', 'pay_link_pay', {
      token: l.data.token,
      amount: '50.01',
      request_id: payRid(),
    });
    expect([low.status, low.msg]).toEqual([40000, '支付金额须在5.00元至50.00元之间']);
    expect(high.status).toBe(40000);
    expect(await countOf(t, 'payments', `purpose = 'paylink' and purpose_ref like 'L${l.data.id}-%'`)).toBe(
      0,
    );
    await payLink(l.data.token, { amount: '10' });
    await payLink(l.data.token, { amount: '12.5' });
    const one = await c1<{ list: PayLinkRow[]; total_fen: number }>(shop, 'GET', 'pay_link_list', {
      page: 1,
      page_size: 10,
    });
    expect(one.data.list.find((x) => x.id === l.data.id)).toMatchObject({
      status: '有效',
      paid_count: 2,
      paid_fen: 2250,
    });
    const off = await c1(shop, 'POST', 'pay_link_disable', { id: l.data.id });
    expect(off.status).toBe(200);
    const refused = await payLink(l.data.token, { amount: '10' });
    expect([refused.status, refused.msg]).toEqual([40009, '收款链接已停用']);
    // the export ends with a 合计 row
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/c1/pay_link_export',
      headers: { authorization: `Bearer ${shop.token}` },
    });
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
    expect(sheet[0]?.[0]).toBe('标题');
    const last = sheet.at(-1)!;
    expect(last[0]).toBe('合计');
    expect([last[6], last[7]]).toEqual([3, one.data.total_fen / 100]);
    expect(one.data.total_fen).toBe(4250);
  });

  it('an expired link is refused', async () => {
    const l = await create(shop, {});
    await t.app.deps.db.execute(
      sql`update pay_links set expires_at = now() - interval '1 minute' where id = ${l.data.id}`,
    );
    const info = await pub<PayLinkInfo>('GET', 'pay_link_info', { token: l.data.token });
    expect(info.data.status).toBe('已过期');
    const r = await payLink(l.data.token);
    expect([r.status, r.msg]).toEqual([40009, '收款链接已过期']);
  });

  it('another store, the wrong user type and bad input are refused, and nothing is written', async () => {
    const l = await create(shop, {});
    const before = await count(t, 'pay_links');
    const other = await c1(shop2, 'POST', 'pay_link_disable', { id: l.data.id });
    expect([other.status, other.msg]).toEqual([40004, '收款链接不存在']);
    const otherPays = await c1(shop2, 'GET', 'pay_link_payments', { id: l.data.id, page: 1, page_size: 10 });
    expect(otherPays.status).toBe(40004);
    const list2 = await c1<{ list: PayLinkRow[] }>(shop2, 'GET', 'pay_link_list', { page: 1, page_size: 50 });
    expect(list2.data.list.map((x) => x.id)).not.toContain(l.data.id);
    const wrong = await create(agent, {});
    expect(wrong.status).toBe(40003);
    const shopWallet = await c1(shop, 'POST', 'wallet_online_recharge', {
      amount: '100',
      request_id: payRid(),
    });
    expect(shopWallet.status).toBe(40003);
    for (const [b, msg] of [
      [{ title: '' }, '标题为1-40个字符'],
      [{ amount: '0' }, '金额须为大于0且最多两位小数的金额'],
      [{ amount: '1.234' }, '金额须为大于0且最多两位小数的金额'],
      [{ amount: '-1' }, '金额须为大于0且最多两位小数的金额'],
      [{ amount: undefined }, '固定金额的链接须填写金额'],
      [
        { amount_mode: 'open', min_amount: '9', max_amount: '8' },
        '不固定金额的链接须填写最低和最高金额，且最低不高于最高',
      ],
      [{ purpose: 'order' }, '订单付款链接请在待支付订单上点「生成付款链接」'],
      [{ purpose: 'wallet' }, '收款用途不正确'],
      [{ expires_days: 0 }, '有效期须为1-365天'],
    ] as const) {
      const r = await create(shop, b);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'pay_links')).toBe(before);
    const bad = await pub('GET', 'pay_link_info', { token: 'x'.repeat(43) });
    expect([bad.http, bad.msg]).toEqual([404, '收款链接无效或已失效']);
  });

  it('a retried create answers the first link', async () => {
    const rid = payRid();
    const a = await create(shop, { request_id: rid });
    const b = await create(shop, { request_id: rid });
    expect(b.data.id).toBe(a.data.id);
    const c = await create(shop, { request_id: rid, amount: '21' });
    expect(c.status).toBe(40009);
  });
});

describe('the agent wallet online recharge', () => {
  it('a paid recharge link credits the wallet once (notifications sent twice); balance equals its ledger', async () => {
    const start = await balance();
    const l = await c1<PayLinkRow>(agent, 'POST', 'wallet_online_recharge', {
      amount: '100',
      request_id: payRid(),
    });
    expect(l.status).toBe(200);
    expect(l.data).toMatchObject({ purpose: 'wallet', amount_fen: 10000, single_use: true, status: '有效' });
    const r = await payLink(l.data.token);
    expect(r.status).toBe(200);
    expect(await balance()).toBe(start + 10000);
    const no = (r.data as { no: string }).no;
    const ledger = await rows<{ n: number }>(
      t.app.deps.db,
      sql`select count(*)::int as n from wallet_ledger where request_id = ${`pay-${no}`}`,
    );
    expect(ledger[0]!.n).toBe(1);
    // the sandbox sent it twice; a third delivery changes nothing either
    expect(
      await countOf(
        t,
        'payment_notifications',
        `payment_no = '${no}' and outcome in ('settled', 'repeated')`,
      ),
    ).toBeGreaterThanOrEqual(2);
    await deliver();
    expect(await balance()).toBe(start + 10000);
    expect(await walletLedgerMismatches(t.app.deps.db)).toEqual([]);
    const bad = await c1(agent, 'POST', 'wallet_online_recharge', { amount: '0', request_id: payRid() });
    expect([bad.status, bad.msg]).toEqual([40000, '金额须为大于0且最多两位小数的金额']);
  });
});
