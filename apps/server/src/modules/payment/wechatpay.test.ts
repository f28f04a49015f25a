import { createCipheriv } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rows } from '../../db/client.ts';
import { rsaPair } from '../../test/fake-alipay.ts';
import { fakeWechatpay, PLATFORM_SERIAL } from '../../test/fake-wechatpay.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { c1, paymentState, payRid } from '../../test/payment-kit.ts';
import { paymentsOf } from './index.ts';
import { createWechatpay } from './wechatpay.ts';
import { parseWechatBill } from './wechatpay-bill.ts';
import { wechatDecrypt } from './wechatpay-sign.ts';

/**
 * Decision 170: the WeChat Pay API v3 adapter against a local server that answers as WeChat Pay documents
 * (our requests' signatures checked, its answers signed with the platform key), and notifications signed
 * and encrypted as WeChat Pay sends them. Only a notice whose signature, serial, freshness, nonce,
 * decryption, merchant and amount hold settles a payment.
 */
const MCHID = '1900000109';
const APIV3 = 'Q8x5jR2mT9vK4nL7pW1sY6zB3cF0hD8g'; // 32 bytes
const merchant = rsaPair();
let wx: Awaited<ReturnType<typeof fakeWechatpay>>;
let t: TestApp;
let shop: Client;
const dir = mkdtempSync(join(tmpdir(), 'nb-wxpay-'));
let env: Record<string, string>;
beforeAll(async () => {
  wx = await fakeWechatpay(merchant.publicPem, MCHID, APIV3);
  writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privatePem);
  writeFileSync(join(dir, 'pub_key.pem'), wx.platformPublicKey);
  env = {
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: '3775B6A45ACD588826D15E583A95F5DD12345678',
    WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
    WECHATPAY_APIV3_KEY: APIV3,
    WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'pub_key.pem'),
    WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
    WECHATPAY_BASE_URL: wx.baseURL,
  };
  t = await createTestApp({ PAYMENT_PROVIDER: 'wechatpay', ...env });
  shop = await t.as(DEMO.netbar);
}, 300_000);
afterAll(async () => {
  await t.close();
  await wx.close();
});

const create = async (amount_fen: number) => {
  const r = await c1(shop, 'POST', 'pay_create', { amount_fen, method: 'wechat', request_id: payRid() });
  expect(r.status).toBe(200);
  return r.data;
};
const post = async (n: { headers: Record<string, string>; body: string }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/c1/notify/wechatpay',
    headers: n.headers,
    payload: n.body,
  });
  const last = (
    await rows<{ outcome: string; reason: string }>(
      t.database.db,
      sql`select outcome, reason from payment_notifications where provider = 'wechatpay' order by id desc limit 1`,
    )
  )[0];
  return { http: res.statusCode, code: JSON.parse(res.body).code as string, ...last };
};

describe('wechatpay: Native order through API v3, signed both ways', () => {
  it('pay_create posts /v3/pay/transactions/native with a valid Authorization; the QR is code_url', async () => {
    const p = await create(1234);
    const call = wx.calls.findLast((c) => c.path === '/v3/pay/transactions/native')!;
    expect(call.signed).toBe(true);
    expect(call.body).toMatchObject({
      mchid: MCHID,
      appid: 'wxd678efh567hg6787',
      out_trade_no: p.payment_no,
      amount: { total: 1234, currency: 'CNY' },
    });
    expect((call.body as { notify_url: string }).notify_url).toMatch(/\/api\/c1\/notify\/wechatpay$/);
    expect((call.body as { time_expire: string }).time_expire).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/,
    );
    expect(p.qr_payload).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  });

  it('an answer not signed by the configured platform key is refused: no QR, 支付通道暂不可用', async () => {
    const other = rsaPair();
    writeFileSync(join(dir, 'other.pem'), other.publicPem);
    const wrong = createWechatpay({
      db: t.database.db,
      config: loadConfig({ NODE_ENV: 'test', ...env, WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'other.pem') }),
      sandboxKey: async () => 'x'.repeat(40),
    })!;
    await expect(
      wrong.create({
        payment_no: 'P20260101000000ABCDEF01',
        netbar_id: 1,
        amount_fen: 100,
        subject: '测试',
        method: 'wechat',
        expires_at: new Date(Date.now() + 60_000),
        notify_url: 'http://x/api/c1/notify/wechatpay',
        public_base: 'http://x',
      }),
    ).rejects.toThrow(/微信支付/);
  });
});

describe('wechatpay: notifications', () => {
  it('altered body, a wrong key or serial, a stale timestamp, a wrong APIv3 key, another merchant, another amount are refused and change nothing; a good one settles; its replay is refused', async () => {
    const p = await create(5000);
    wx.pay(p.payment_no);
    const good = wx.notice(p.payment_no);

    const altered = { ...good, body: good.body.replace('"summary":"支付成功"', '"summary":"x"') };
    expect(await post(altered)).toMatchObject({
      http: 400,
      code: 'FAIL',
      outcome: 'refused',
      reason: '签名验证失败',
    });
    expect((await post(wx.notice(p.payment_no, { signKey: rsaPair().privatePem }))).reason).toBe(
      '签名验证失败',
    );
    expect(
      (await post(wx.notice(p.payment_no, { serial: 'PUB_KEY_ID_0000000000000000000000000000' }))).reason,
    ).toBe('平台证书序列号不符');
    expect((await post(wx.notice(p.payment_no, { at: new Date(Date.now() - 6 * 60_000) }))).reason).toBe(
      '通知时间戳超出允许范围（疑似重放）',
    );
    expect((await post(wx.notice(p.payment_no, { key: 'Z'.repeat(32) }))).reason).toBe('通知解密失败');
    expect((await post(wx.notice(p.payment_no, { mchid: '1900000999' }))).reason).toBe('通知不属于本商户');
    expect((await post(wx.notice(p.payment_no, { total: 1 }))).reason).toBe('通知金额与支付单金额不符');
    const { 'wechatpay-signature': _s, ...unsigned } = good.headers;
    expect((await post({ ...good, headers: unsigned })).reason).toBe('缺少签名信息');
    expect((await paymentState(t.app, p.payment_no)).status).toBe('待支付');

    expect(await post(good)).toMatchObject({ http: 200, code: 'SUCCESS', outcome: 'settled' });
    const s = await paymentState(t.app, p.payment_no);
    expect([s.status, s.provider_txn_id]).toEqual(['已支付', wx.trades.get(p.payment_no)!.transaction_id]);
    expect(await post(good)).toMatchObject({ http: 400, reason: '通知随机串已使用（疑似重放）' });
    expect(await post(wx.notice(p.payment_no))).toMatchObject({ http: 200, outcome: 'repeated' });
  });

  it('bad input: empty, garbage and foreign bodies get a Chinese refusal, never a 500', async () => {
    for (const payload of ['', 'garbage', '{"event_type":"TRANSACTION.SUCCESS"}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/c1/notify/wechatpay', payload });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('AEAD_AES_256_GCM: the GCM specification Test Case 16 and a NIST CAVP vector authenticate; one flipped bit does not', () => {
    const vectors = [
      {
        // McGrew & Viega, The Galois/Counter Mode of Operation, Test Case 16
        k: 'feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308',
        iv: 'cafebabefacedbaddecaf888',
        a: 'feedfacedeadbeeffeedfacedeadbeefabaddad2',
        p: 'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39',
        c: '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662',
        t: '76fc6ece0f4e1768cddf8853bb2d551b',
      },
      {
        // NIST CAVP gcmEncryptExtIV256 (Keylen 256, IVlen 96, PTlen 128, AADlen 160)
        k: '83688deb4af8007f9b713b47cfa6c73e35ea7a3aa4ecdb414dded03bf7a0fd3a',
        iv: '0b459724904e010a46901cf3',
        a: '794a14ccd178c8ebfd1379dc704c5e208f9d8424',
        p: '33d893a2114ce06fc15d55e454cf90c3',
        c: 'cc66bee423e3fcd4c0865715e9586696',
        t: '0fb291bd3dba94a1dfd8b286cfb97ac5',
      },
    ];
    for (const v of vectors) {
      const hex = (s: string) => Buffer.from(s, 'hex');
      const b64 = Buffer.concat([hex(v.c), hex(v.t)]).toString('base64');
      const iv = hex(v.iv) as unknown as string; // the library passes iv and aad through to node:crypto
      const aad = hex(v.a) as unknown as string;
      expect(Buffer.from(wechatDecrypt(b64, hex(v.k), iv, aad), 'utf8')).toEqual(
        Buffer.from(hex(v.p).toString('utf8'), 'utf8'),
      );
      const c = createCipheriv('aes-256-gcm', hex(v.k), hex(v.iv)).setAAD(hex(v.a));
      expect(Buffer.concat([c.update(hex(v.p)), c.final()]).toString('hex')).toBe(v.c);
      const flipped = Buffer.concat([hex(v.c), hex(v.t)]);
      flipped[0]! ^= 1;
      expect(() => wechatDecrypt(flipped.toString('base64'), hex(v.k), iv, aad)).toThrow();
    }
  });
});

describe('wechatpay: query, close, refund, statement', () => {
  it('query pending then paid; close of a paid order answers paid; a refund goes out signed', async () => {
    const wxp = paymentsOf(t.app.deps).providers.get('wechatpay')!;
    const p = await create(2000);
    expect(await wxp.query(p.payment_no)).toEqual({ state: 'pending' });
    expect(await wxp.close(p.payment_no)).toBe('closed');
    expect(await wxp.query(p.payment_no)).toEqual({ state: 'closed' });

    const q = await create(3000);
    const tr = wx.pay(q.payment_no);
    expect(await wxp.query(q.payment_no)).toMatchObject({
      state: 'paid',
      txn_id: tr.transaction_id,
      amount_fen: 3000,
    });
    expect(await wxp.close(q.payment_no)).toBe('paid');
    await post(wx.notice(q.payment_no));
    const r = await c1<{ refund: { status: string } }>(shop, 'POST', 'pay_refund', {
      payment_no: q.payment_no,
      amount_fen: 1000,
      reason: '顾客退款',
      request_id: payRid(),
    });
    expect([r.status, r.data.refund.status]).toEqual([200, '成功']);
    const call = wx.calls.findLast((c) => c.path === '/v3/refund/domestic/refunds')!;
    expect(call.signed).toBe(true);
    expect(call.body).toMatchObject({
      out_trade_no: q.payment_no,
      amount: { refund: 1000, total: 3000, currency: 'CNY' },
    });
    // more than is left: refused by our side before WeChat Pay is asked
    const over = await c1(shop, 'POST', 'pay_refund', {
      payment_no: q.payment_no,
      amount_fen: 2001,
      request_id: payRid(),
    });
    expect(over.status).toBe(40000);
    expect((await paymentState(t.app, q.payment_no)).refunded_fen).toBe(1000);
  });

  it('the trade bill: the digest is checked and the backtick CSV read into pay and refund lines', async () => {
    const wxp = paymentsOf(t.app.deps).providers.get('wechatpay')!;
    expect(await wxp.statement('2026-11-27')).toEqual([]); // NO_STATEMENT_EXIST
    const csv = [
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
      '`2026-11-27 10:00:05,`wxd678efh567hg6787,`1900000109,`0,`,`4200000000000000000000000001,`P20261127100000ABCDEF01,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`NATIVE,`SUCCESS,`OTHERS,`CNY,`50.00,`0.00,`0,`0,`0.00,`0.00,`,`,`网费,`,`0.30000,`0.60%,`50.00,`0.00,`',
      '`2026-11-27 11:30:00,`wxd678efh567hg6787,`1900000109,`0,`,`4200000000000000000000000001,`P20261127100000ABCDEF01,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`NATIVE,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50000000000000000000000000001,`R20261127113000ABCDEF02,`10.00,`0.00,`ORIGINAL,`SUCCESS,`网费,`,`-0.06000,`0.60%,`0.00,`10.00,`',
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      '`2,`50.00,`10.00,`0.00,`0.24000,`50.00,`10.00',
      '',
    ].join('\r\n');
    wx.setBill(csv);
    expect(await wxp.statement('2026-11-27')).toEqual([
      {
        kind: 'pay',
        at: new Date('2026-11-27T02:00:05Z'),
        payment_no: 'P20261127100000ABCDEF01',
        txn_id: '4200000000000000000000000001',
        refund_no: '',
        amount_fen: 5000,
      },
      {
        kind: 'refund',
        at: new Date('2026-11-27T03:30:00Z'),
        payment_no: 'P20261127100000ABCDEF01',
        txn_id: '4200000000000000000000000001',
        refund_no: 'R20261127113000ABCDEF02',
        amount_fen: 1000,
      },
    ]);
    expect(() => parseWechatBill('a,b\n')).toThrow('微信支付对账单格式错误：缺少「交易时间」列');
  });
});

describe('wechatpay: configuration', () => {
  it('unset: not built; half set or a wrong APIv3 key length: a Chinese configuration error', () => {
    const deps = { db: t.database.db, sandboxKey: async () => 'x'.repeat(40) };
    expect(createWechatpay({ ...deps, config: loadConfig({ NODE_ENV: 'test' }) })).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', WECHATPAY_MCHID: MCHID })).toThrow(
      /微信支付配置不完整，还需设置：WECHATPAY_APPID/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ...env, WECHATPAY_APIV3_KEY: 'short' })).toThrow(
      /必须是 32 个字节/,
    );
  });
});
