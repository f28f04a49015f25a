import type { PaymentRow, SandboxPayInfo } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf } from '../../test/kit.ts';
import { c1, injectSender, paymentState, payRid } from '../../test/payment-kit.ts';
import { paymentsOf } from './index.ts';

let t: TestApp;
let shop: Client;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_MAX_FEN: '100000' });
  shop = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const linkOf = (p: PaymentRow) => {
  const u = new URL(p.qr_payload);
  return { no: u.searchParams.get('no')!, s: u.searchParams.get('s')! };
};
const publicCall = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>) =>
  t.client().request<T>(method, `/api/c1/${path}`, body, { json: method === 'POST' });
const deliver = () => paymentsOf(t.app.deps).backgroundPass(injectSender(t.app));

describe('a counter payment through the sandbox', () => {
  it('QR → public pay page → 确认支付 → signed notification → 已支付, logged once', async () => {
    const r = await c1(shop, 'POST', 'pay_create', {
      amount: '12.50',
      method: 'wechat',
      subject: '饮料',
      request_id: payRid(),
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      amount_fen: 1250,
      status: '待支付',
      provider: 'sandbox',
      method: 'wechat',
    });
    expect(r.data.qr_payload).toMatch(/^http:\/\/localhost(:\d+)?\/pay\?no=P\d{14}[0-9A-F]{8}&s=/);
    const link = linkOf(r.data);

    const info = await publicCall<SandboxPayInfo>('GET', 'pay_page', link);
    expect(info.data).toMatchObject({
      store_name: '星际网咖旗舰店',
      amount_fen: 1250,
      state: '待支付',
      purpose_label: '柜台收款',
    });
    // a guessed link (right number, wrong signature) opens nothing
    const forged = await publicCall('GET', 'pay_page', { ...link, s: 'x'.repeat(32) });
    expect([forged.http, forged.msg]).toEqual([404, '支付链接无效或已失效']);

    const paid = await publicCall<SandboxPayInfo>('POST', 'pay_page_pay', link);
    expect(paid.data.state).toBe('已支付');
    expect((await paymentState(t.app, link.no)).status).toBe('待支付');
    expect(await deliver()).toEqual({ sent: 1, acked: 1 });
    const after = await c1(shop, 'GET', 'pay_query', { payment_no: link.no });
    expect(after.data).toMatchObject({ status: '已支付' });
    expect(after.data.provider_txn_id).toMatch(/^SB/);
    expect(
      await countOf(t, 'payment_notifications', `payment_no = '${link.no}' and outcome = 'settled'`),
    ).toBe(1);
    // acknowledged: nothing is sent again
    expect(await deliver()).toEqual({ sent: 0, acked: 0 });
    const list = await c1<{ list: PaymentRow[]; count: number }>(shop, 'GET', 'pay_list', {
      page: 1,
      page_size: 10,
    });
    expect(list.data.list.map((p) => p.payment_no)).toContain(link.no);
  });

  it('a retried creation (same request id) answers the first payment; 取消 on the pay page closes it', async () => {
    const body = { amount_fen: 300, method: 'alipay', request_id: payRid() };
    const a = await c1(shop, 'POST', 'pay_create', body);
    const b = await c1(shop, 'POST', 'pay_create', body);
    expect([a.status, b.status]).toEqual([200, 40007]);
    expect(b.data.payment_no).toBe(a.data.payment_no);
    const other = await c1(shop, 'POST', 'pay_create', { ...body, amount_fen: 301 });
    expect([other.status, other.msg]).toEqual([40009, '请求编号已被用于另一笔支付']);

    const link = linkOf(a.data);
    const cancelled = await publicCall<SandboxPayInfo>('POST', 'pay_page_cancel', link);
    expect(cancelled.data.state).toBe('已关闭');
    // the store learns it on its next query (older than 5 s: the acquirer is asked)
    await rows(
      t.database.db,
      sql`update payments set created_at = now() - interval '6 seconds' where payment_no = ${link.no}`,
    );
    expect((await c1(shop, 'GET', 'pay_query', { payment_no: link.no })).data.status).toBe('已关闭');
    const late = await publicCall<SandboxPayInfo>('POST', 'pay_page_pay', link);
    expect(late.data.state).toBe('已关闭');
  });

  it('a lost notification: the query after 5 s asks the acquirer and settles the payment', async () => {
    const a = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 800,
      method: 'wechat',
      request_id: payRid(),
    });
    const no = a.data.payment_no;
    await paymentsOf(t.app.deps).sandbox.pay(no);
    await rows(
      t.database.db,
      sql`update sandbox_notify_queue set next_at = now() + interval '1 hour' where txn_id in (select txn_id from sandbox_txns where out_trade_no = ${no})`,
    );
    expect((await c1(shop, 'GET', 'pay_query', { payment_no: no })).data.status).toBe('待支付');
    await rows(
      t.database.db,
      sql`update payments set created_at = now() - interval '6 seconds' where payment_no = ${no}`,
    );
    const q = await c1(shop, 'GET', 'pay_query', { payment_no: no });
    expect(q.data.status).toBe('已支付');
    // the late notification is then acknowledged as a repeat and changes nothing
    await rows(
      t.database.db,
      sql`update sandbox_notify_queue set next_at = now() where txn_id in (select txn_id from sandbox_txns where out_trade_no = ${no})`,
    );
    expect(await deliver()).toEqual({ sent: 1, acked: 1 });
    expect(await countOf(t, 'payment_notifications', `payment_no = '${no}' and outcome = 'repeated'`)).toBe(
      1,
    );
  });

  it('closing: a pending payment closes; a paid one cannot', async () => {
    const a = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 500,
      method: 'wechat',
      request_id: payRid(),
    });
    const closed = await c1(shop, 'POST', 'pay_close', { payment_no: a.data.payment_no });
    expect(closed.data.status).toBe('已关闭');
    const b = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 500,
      method: 'wechat',
      request_id: payRid(),
    });
    await paymentsOf(t.app.deps).sandbox.pay(b.data.payment_no);
    const refused = await c1(shop, 'POST', 'pay_close', { payment_no: b.data.payment_no });
    expect([refused.status, refused.msg]).toEqual([40009, '支付单已支付，不能关闭']);
    // the close found it paid and settled it from the acquirer's answer
    expect((await paymentState(t.app, b.data.payment_no)).status).toBe('已支付');
  });
});

describe('refusals', () => {
  it('bad amounts, methods, purposes and providers are refused in Chinese and write nothing', async () => {
    const before = await count(t, 'payments');
    const sandboxBefore = await count(t, 'sandbox_txns');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount_fen: 0, method: 'wechat' }, '支付金额须为大于0的整数分'],
      [{ amount_fen: -100, method: 'wechat' }, '支付金额须为大于0的整数分'],
      [{ amount_fen: 100001, method: 'wechat' }, '单笔支付金额不能超过1,000.00元'],
      [{ amount: '1000.01', method: 'wechat' }, '单笔支付金额不能超过1,000.00元'],
      [{ amount: '1.234', method: 'wechat' }, '支付金额须为大于0且最多两位小数的金额'],
      [{ amount: '-1', method: 'wechat' }, '支付金额须为大于0且最多两位小数的金额'],
      [{ amount: '0', method: 'wechat' }, '支付金额须为大于0的整数分'],
      [{ amount_fen: 1.5, method: 'wechat' }, '支付金额须为大于0的整数分'],
      [{ method: 'wechat' }, '请填写支付金额'],
      [{ amount_fen: 100, amount: '1', method: 'wechat' }, '请填写支付金额'],
      [{ amount_fen: 100, method: 'bitcoin' }, '支付方式不正确'],
      [{ amount_fen: 100, method: 'wechat', purpose: 'order' }, '该支付用途不能直接发起'],
      [{ amount_fen: 100, method: 'wechat', purpose: 'lottery' }, '支付用途不正确'],
    ];
    for (const [body, msg] of cases) {
      const r = await c1(shop, 'POST', 'pay_create', { request_id: payRid(), ...body });
      expect([r.http, r.status, r.msg], JSON.stringify(body)).toEqual([400, 40000, msg]);
    }
    // a store whose method names an acquirer that is not available
    const nid = (
      await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
    )[0]!.id;
    await rows(
      t.database.db,
      sql`insert into payment_provider_choice (netbar_id, method, provider) values (${nid}, 'alipay', 'nonesuch')`,
    );
    const r = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 100,
      method: 'alipay',
      request_id: payRid(),
    });
    expect([r.status, r.msg]).toEqual([40000, '支付通道不存在或未开通']);
    await rows(t.database.db, sql`delete from payment_provider_choice where netbar_id = ${nid}`);
    expect(await count(t, 'payments')).toBe(before);
    expect(await count(t, 'sandbox_txns')).toBe(sandboxBefore);
  });

  it("another store's payment is not found; wrong user types are refused; a cookie is not a token", async () => {
    const a = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 100,
      method: 'wechat',
      request_id: payRid(),
    });
    const no = a.data.payment_no;
    const other = await t.as(DEMO.netbar2);
    for (const [m, path, body] of [
      ['GET', 'pay_query', { payment_no: no }],
      ['POST', 'pay_close', { payment_no: no }],
    ] as const) {
      const r = await c1(other, m, path, body);
      expect([r.status, r.msg]).toEqual([40004, '支付单不存在']);
    }
    const agent = await t.as(DEMO.agent);
    expect((await c1(agent, 'GET', 'pay_query', { payment_no: no })).status).toBe(40003);
    const pay = await t.as(DEMO.pay);
    expect(
      (await c1(pay, 'POST', 'pay_create', { amount_fen: 100, method: 'wechat', request_id: payRid() }))
        .status,
    ).toBe(40003);
    // the cookie alone does not open the payment service
    const viaCookie = await shop.request('GET', '/api/c1/pay_query', { payment_no: no });
    expect(viaCookie.status).toBe(40005);
    expect((await paymentState(t.app, no)).status).toBe('待支付');
  });

  it('malformed payment numbers and pay links are refused in Chinese', async () => {
    expect((await c1(shop, 'GET', 'pay_query', { payment_no: "1' or 1=1" })).msg).toBe('支付单号不正确');
    const bad = await publicCall('POST', 'pay_page_pay', { no: 'P1', s: 'short' });
    expect([bad.status, bad.msg]).toEqual([40000, '支付链接无效或已失效']);
  });
});

describe('the statement', () => {
  it('the payment company downloads the day: pays and refunds as CSV lines; a store may not', async () => {
    const a = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 4321,
      method: 'wechat',
      request_id: payRid(),
    });
    await paymentsOf(t.app.deps).sandbox.pay(a.data.payment_no);
    await deliver();
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const pay = await t.as(DEMO.pay);
    const r = await pay.request('GET', '/api/c1/pay_statement', { date: day }, { bearer: true });
    expect(r.http).toBe(200);
    expect(r.raw.split('\n')[0]).toBe('type,time,payment_no,txn_id,refund_no,amount_fen');
    expect(r.raw).toContain(`,${a.data.payment_no},`);
    expect(r.raw).toMatch(new RegExp(`pay,[^,]+,${a.data.payment_no},SB\\w+,,4321`));
    expect((await c1(shop, 'GET', 'pay_statement', { date: day })).status).toBe(40003);
    const bad = await pay.request('GET', '/api/c1/pay_statement', { date: '2026-02-30' }, { bearer: true });
    expect(bad.msg).toBe('日期不存在或格式不正确（YYYY-MM-DD）');
  });
});

describe("a store's fixed QR code", () => {
  it('the customer types an amount and pays at the pay page; a pending or unknown code opens nothing', async () => {
    const code = await rows<{ token: string; status: number; name: string }>(
      t.database.db,
      sql`select q.token, q.status, n.name from fixed_qrcodes q join netbars n on n.id = q.netbar_id order by q.status desc`,
    );
    const approved = code.find((c) => c.status === 1)!;
    const pending = code.find((c) => c.status === 0)!;
    const info = await publicCall<{ store_name: string }>('GET', 'pay_code_info', { token: approved.token });
    expect(info.data.store_name).toBe(approved.name);
    for (const token of [pending.token, 'x'.repeat(43)]) {
      const r = await publicCall('GET', 'pay_code_info', { token });
      expect([r.status, r.msg]).toEqual([40004, '收款码无效或未通过审核']);
    }
    const before = await count(t, 'payments');
    for (const [amount, msg] of [
      ['0', '支付金额须为大于0的整数分'],
      ['1.234', '支付金额须为大于0且最多两位小数的金额'],
      ['999999', '单笔支付金额不能超过1,000.00元'],
    ] as const) {
      const r = await publicCall('POST', 'pay_code_create', {
        token: approved.token,
        amount,
        request_id: payRid(),
      });
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    for (const payload of ['[1,2,3]', '0', 'null', '{"token":1}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/c1/pay_code_create',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect([res.statusCode, JSON.parse(res.body).msg], payload).toEqual([
        400,
        payload.startsWith('{') ? '支付链接无效或已失效' : '请求格式错误',
      ]);
    }
    expect(await count(t, 'payments')).toBe(before);
    const rid = payRid();
    const made = await publicCall<{ no: string; s: string }>('POST', 'pay_code_create', {
      token: approved.token,
      amount: '8.80',
      request_id: rid,
    });
    expect(made.status).toBe(200);
    // a double tap makes one payment
    const again = await publicCall<{ no: string }>('POST', 'pay_code_create', {
      token: approved.token,
      amount: '8.80',
      request_id: rid,
    });
    expect(again.data.no).toBe(made.data.no);
    const page = await publicCall<SandboxPayInfo>('GET', 'pay_page', made.data);
    expect(page.data).toMatchObject({
      store_name: approved.name,
      amount_fen: 880,
      subject: '固定收款码',
      method: 'aggregate',
    });
    await publicCall('POST', 'pay_page_pay', made.data);
    await deliver();
    expect((await paymentState(t.app, made.data.no)).status).toBe('已支付');
  });
});
