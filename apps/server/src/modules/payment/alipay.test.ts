import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rows } from '../../db/client.ts';
import { alipayNotice, fakeAlipay, rsaPair } from '../../test/fake-alipay.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { c1, paymentState, payRid } from '../../test/payment-kit.ts';
import { beijingText } from './acquirer-keys.ts';
import { createAlipay } from './alipay.ts';
import { parseAlipayDetails } from './alipay-bill.ts';
import { alipaySignContent } from './alipay-sign.ts';
import { paymentsOf } from './index.ts';

/**
 * Decision 170: the Alipay adapter against a local gateway that answers as Alipay documents (request
 * signatures checked, answers signed), and notifications built and signed exactly as Alipay documents
 * them. A notification settles a payment only when signature, app, freshness, nonce and amount hold.
 */
const APP_ID = '2021000000000001';
const app = rsaPair();
let gw: Awaited<ReturnType<typeof fakeAlipay>>;
let t: TestApp;
let shop: Client;
beforeAll(async () => {
  gw = await fakeAlipay(app.publicPem);
  t = await createTestApp({
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: app.privateBare,
    ALIPAY_PUBLIC_KEY: gw.publicKey,
    ALIPAY_GATEWAY: gw.gateway,
  });
  shop = await t.as(DEMO.netbar);
}, 300_000);
afterAll(async () => {
  await t.close();
  await gw.close();
});

const create = async (amount_fen: number) => {
  const r = await c1(shop, 'POST', 'pay_create', { amount_fen, method: 'alipay', request_id: payRid() });
  expect(r.status).toBe(200);
  return r.data;
};
/** The documented notification of a paid 当面付 trade (field names and formats of Alipay's sample). */
const noticeFields = (no: string, o: { amount?: string; at?: Date; notify_id?: string } = {}) => {
  const tr = gw.trades.get(no)!;
  const at = o.at ?? new Date();
  return {
    gmt_create: beijingText(at),
    charset: 'utf-8',
    seller_email: 'shop@example.com',
    subject: tr.subject,
    buyer_id: '2088102122524333',
    invoice_amount: tr.total_amount,
    notify_id: o.notify_id ?? `2026${Math.random().toString(16).slice(2)}0000000000`,
    fund_bill_list: `[{"amount":"${tr.total_amount}","fundChannel":"ALIPAYACCOUNT"}]`,
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: tr.total_amount,
    app_id: APP_ID,
    buyer_pay_amount: tr.total_amount,
    seller_id: '2088102119685838',
    gmt_payment: beijingText(at),
    notify_time: beijingText(at),
    version: '1.0',
    out_trade_no: no,
    total_amount: o.amount ?? tr.total_amount,
    trade_no: tr.trade_no,
    auth_app_id: APP_ID,
    buyer_logon_id: 'csq***@sandbox.com',
    point_amount: '0.00',
  };
};
const post = async (body: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/c1/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });
  const last = (
    await rows<{ outcome: string; reason: string }>(
      t.database.db,
      sql`select outcome, reason from payment_notifications where provider = 'alipay' order by id desc limit 1`,
    )
  )[0];
  return { http: res.statusCode, text: res.body, ...last };
};

describe('alipay: precreate through the gateway, signed both ways', () => {
  it('pay_create asks alipay.trade.precreate with a valid RSA2 signature; the QR is the answer qr_code', async () => {
    const p = await create(1234);
    const call = gw.calls.findLast((c) => c.method === 'alipay.trade.precreate')!;
    expect(call.signed).toBe(true);
    expect(call.params.app_id).toBe(APP_ID);
    expect(call.params.sign_type).toBe('RSA2');
    expect(call.params.notify_url).toMatch(/\/api\/c1\/notify\/alipay$/);
    expect(JSON.parse(call.params.biz_content!)).toMatchObject({
      out_trade_no: p.payment_no,
      total_amount: '12.34',
    });
    expect(p.qr_payload).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(p.status).toBe('待支付');
  });

  it('an answer signed by another key is refused (validateSign): no QR, the payment closed', async () => {
    const other = rsaPair();
    const wrong = createAlipay({
      db: t.database.db,
      config: loadConfig({
        NODE_ENV: 'test',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: app.privatePem,
        ALIPAY_PUBLIC_KEY: other.publicPem,
        ALIPAY_GATEWAY: gw.gateway,
      }),
      sandboxKey: async () => 'x'.repeat(40),
    })!;
    await expect(
      wrong.create({
        payment_no: 'P20260101000000ABCDEF01',
        netbar_id: 1,
        amount_fen: 100,
        subject: '测试',
        method: 'alipay',
        expires_at: new Date(Date.now() + 60_000),
        notify_url: 'http://x/api/c1/notify/alipay',
        public_base: 'http://x',
      }),
    ).rejects.toThrow(/验签失败/);
  });
});

describe('alipay: notifications', () => {
  it('the documented sign content: sorted, without sign and sign_type, empty values left out', () => {
    expect(alipaySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2', c: '', d: '中文' })).toBe(
      'a=1&b=2&d=中文',
    );
  });

  it('tampered amount, a wrong key, a stale notify_time, another app are refused and change nothing; a good one settles; its replay is refused', async () => {
    const p = await create(5000);
    gw.pay(p.payment_no);
    const unchanged = async () => expect((await paymentState(t.app, p.payment_no)).status).toBe('待支付');

    // the amount altered after signing
    const good = alipayNotice(gw.privateKey, noticeFields(p.payment_no));
    const tampered = good.replace('total_amount=50.00', 'total_amount=0.01');
    expect(tampered).not.toBe(good);
    expect(await post(tampered)).toMatchObject({
      http: 400,
      text: 'fail',
      outcome: 'refused',
      reason: '签名验证失败',
    });
    // signed by someone else's key
    const forged = alipayNotice(rsaPair().privatePem, noticeFields(p.payment_no));
    expect((await post(forged)).reason).toBe('签名验证失败');
    // correctly signed, 6 minutes old
    const stale = alipayNotice(
      gw.privateKey,
      noticeFields(p.payment_no, { at: new Date(Date.now() - 6 * 60_000) }),
    );
    expect((await post(stale)).reason).toBe('通知时间戳超出允许范围（疑似重放）');
    // correctly signed, for another app
    const other = alipayNotice(gw.privateKey, { ...noticeFields(p.payment_no), app_id: '2021000000000002' });
    expect((await post(other)).reason).toBe('通知不属于本应用');
    // correctly signed by Alipay but for another amount: never trusted without a match
    const cheap = alipayNotice(gw.privateKey, noticeFields(p.payment_no, { amount: '0.01' }));
    expect((await post(cheap)).reason).toBe('通知金额与支付单金额不符');
    // no signature at all
    expect((await post(good.replace(/&sign=[^&]+/, ''))).reason).toBe('缺少签名信息');
    await unchanged();

    const ok = await post(good);
    expect(ok).toMatchObject({ http: 200, text: 'success', outcome: 'settled' });
    const s = await paymentState(t.app, p.payment_no);
    expect([s.status, s.provider_txn_id]).toEqual(['已支付', gw.trades.get(p.payment_no)!.trade_no]);

    // the same notification again (same notify_id): a replay
    expect(await post(good)).toMatchObject({ text: 'fail', reason: '通知随机串已使用（疑似重放）' });
    // Alipay's own retry with a new notify_id: acknowledged as a repeat, paid once
    expect(await post(alipayNotice(gw.privateKey, noticeFields(p.payment_no)))).toMatchObject({
      text: 'success',
      outcome: 'repeated',
    });
    expect((await paymentState(t.app, p.payment_no)).status).toBe('已支付');
  });

  it('bad input: empty, garbage and JSON bodies get fail and a Chinese reason, never a 500', async () => {
    for (const body of ['', 'garbage', '{"out_trade_no":"P1"}', 'sign=abc&notify_id=1&notify_time=bad']) {
      const r = await post(body);
      expect([r.http, r.text, r.outcome]).toEqual([400, 'fail', 'refused']);
      expect(r.reason).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('refusals: a payment of another provider, a refund by another store, an agent at the counter', async () => {
    const p = await create(800);
    await rows(
      t.database.db,
      sql`update payments set provider = 'sandbox' where payment_no = ${p.payment_no}`,
    );
    expect((await post(alipayNotice(gw.privateKey, noticeFields(p.payment_no)))).reason).toBe(
      '支付通道与支付单不符',
    );
    expect((await paymentState(t.app, p.payment_no)).status).toBe('待支付');

    const q = await create(900);
    gw.pay(q.payment_no);
    await post(alipayNotice(gw.privateKey, noticeFields(q.payment_no)));
    const other = await t.as(DEMO.netbar2);
    const r = await c1(other, 'POST', 'pay_refund', {
      payment_no: q.payment_no,
      amount_fen: 100,
      request_id: payRid(),
    });
    expect(r.status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect(
      (await c1(agent, 'POST', 'pay_create', { amount_fen: 100, method: 'alipay', request_id: payRid() }))
        .status,
    ).not.toBe(200);
    expect((await paymentState(t.app, q.payment_no)).refunded_fen).toBe(0);
  });
});

describe('alipay: query, close, refund, statement', () => {
  it('付款码 (decision 182): alipay.trade.pay scene bar_code, signed; 10000 paid, 10003 waits, a refusal answers why', async () => {
    const ali = paymentsOf(t.app.deps).providers.get('alipay')!;
    const base = {
      netbar_id: 1,
      amount_fen: 1250,
      subject: '订单',
      notify_url: 'http://127.0.0.1/api/c1/notify/alipay',
    };
    const paid = await ali.micropay!({
      ...base,
      payment_no: 'P20260115200000AAAAAA01',
      auth_code: '286543210987654321',
    });
    expect(paid).toMatchObject({ state: 'paid', amount_fen: 1250 });
    const call = gw.calls.findLast((c) => c.method === 'alipay.trade.pay')!;
    expect(call.signed).toBe(true);
    expect(JSON.parse(call.params.biz_content!)).toMatchObject({
      out_trade_no: 'P20260115200000AAAAAA01',
      scene: 'bar_code',
      auth_code: '286543210987654321',
      total_amount: '12.50',
    });
    const waits = await ali.micropay!({
      ...base,
      payment_no: 'P20260115200000AAAAAA02',
      auth_code: '286543210987654329',
    });
    expect(waits).toEqual({ state: 'paying' });
    expect(await ali.query('P20260115200000AAAAAA02')).toEqual({ state: 'pending' });
    gw.pay('P20260115200000AAAAAA02');
    expect(await ali.query('P20260115200000AAAAAA02')).toMatchObject({ state: 'paid', amount_fen: 1250 });
    const poor = await ali.micropay!({
      ...base,
      payment_no: 'P20260115200000AAAAAA03',
      auth_code: '286543210987650000',
    });
    expect(poor).toEqual({ state: 'failed', reason: '支付宝：买家余额不足' });
  });

  it('query answers pending before the scan, paid after; close refuses a paid trade; refunds go through signed', async () => {
    const p = await create(2000);
    const ali = paymentsOf(t.app.deps).providers.get('alipay')!;
    gw.trades.delete(p.payment_no); // not scanned yet: Alipay knows no trade
    expect(await ali.query(p.payment_no)).toEqual({ state: 'pending' });
    expect(await ali.close(p.payment_no)).toBe('closed');

    const q = await create(3000);
    const tr = gw.pay(q.payment_no);
    expect(await ali.query(q.payment_no)).toMatchObject({
      state: 'paid',
      txn_id: tr.trade_no,
      amount_fen: 3000,
    });
    expect(await ali.close(q.payment_no)).toBe('paid');
    await post(alipayNotice(gw.privateKey, noticeFields(q.payment_no)));

    const r = await c1<{ refund: { status: string } }>(shop, 'POST', 'pay_refund', {
      payment_no: q.payment_no,
      amount_fen: 1000,
      reason: '顾客退款',
      request_id: payRid(),
    });
    expect([r.status, r.data.refund.status]).toEqual([200, '成功']);
    const call = gw.calls.findLast((c) => c.method === 'alipay.trade.refund')!;
    expect(call.signed).toBe(true);
    expect(JSON.parse(call.params.biz_content!)).toMatchObject({
      out_trade_no: q.payment_no,
      refund_amount: '10.00',
    });
    expect((await paymentState(t.app, q.payment_no)).refunded_fen).toBe(1000);
  });

  it('the day statement: the zipped GBK details are read into pay and refund lines', async () => {
    const ali = paymentsOf(t.app.deps).providers.get('alipay')!;
    expect(await ali.statement('2026-11-27')).toEqual([]); // no bill: 账单不存在
    const csv = [
      '#支付宝业务明细查询',
      '#账号：[20880000000000000156]',
      '#起始日期：[2026年11月27日 00:00:00]   终止日期：[2026年11月28日 00:00:00]',
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      '2026112722001400001000000001\t,P20261127100000ABCDEF01\t,交易\t,"网费, 饮料"\t,2026-11-27 10:00:00\t,2026-11-27 10:00:05\t,\t,\t,\t,\t,csq***@sandbox.com\t,50.00\t,50.00\t,0.00\t,0.00\t,0.00\t,0.00\t,0.00\t,\t,0.00\t,0.00\t,\t,-0.30\t,0.00\t,',
      '2026112722001400001000000001\t,P20261127100000ABCDEF01\t,退款\t,网费\t,2026-11-27 10:00:00\t,2026-11-27 11:30:00\t,\t,\t,\t,\t,csq***@sandbox.com\t,-10.00\t,-10.00\t,0.00\t,0.00\t,0.00\t,0.00\t,0.00\t,\t,0.00\t,0.00\t,R20261127113000ABCDEF02\t,0.06\t,0.00\t,',
      '#-----------------------------------------业务明细列表结束------------------------------------',
      '#交易合计：1笔，退款合计：1笔',
      '#导出时间：[2026年11月28日 06:00:00]',
    ].join('\r\n');
    await gw.setBill(csv);
    const lines = await ali.statement('2026-11-27');
    expect(lines).toEqual([
      {
        kind: 'pay',
        at: new Date('2026-11-27T02:00:05Z'),
        payment_no: 'P20261127100000ABCDEF01',
        txn_id: '2026112722001400001000000001',
        refund_no: '',
        amount_fen: 5000,
      },
      {
        kind: 'refund',
        at: new Date('2026-11-27T03:30:00Z'),
        payment_no: 'P20261127100000ABCDEF01',
        txn_id: '2026112722001400001000000001',
        refund_no: 'R20261127113000ABCDEF02',
        amount_fen: 1000,
      },
    ]);
    expect(() => parseAlipayDetails('#只有注释\n')).toThrow('支付宝对账单格式错误：缺少表头');
  });
});

describe('alipay: configuration', () => {
  it('unset: not built (the sandbox stays the default); half set: a Chinese configuration error', () => {
    const deps = { db: t.database.db, sandboxKey: async () => 'x'.repeat(40) };
    expect(createAlipay({ ...deps, config: loadConfig({ NODE_ENV: 'test' }) })).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ NODE_ENV: 'test', ALIPAY_APP_ID: APP_ID })).toThrow(
      /支付宝配置不完整，还需设置：ALIPAY_PRIVATE_KEY\(_FILE\)、ALIPAY_PUBLIC_KEY\(_FILE\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ALIPAY_APP_ID: '123' })).toThrow(/必须是 16 位数字/);
  });
});
