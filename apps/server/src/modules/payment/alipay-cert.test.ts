import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { alipayNotice, fakeAlipay, rsaPair } from '../../test/fake-alipay.ts';
import { alipayCertSn, alipayRootSn, type Dn, makeCert } from '../../test/x509-fixture.ts';
import { beijingText } from './acquirer-keys.ts';
import { createAlipay } from './alipay.ts';
import { NoticeRefused, type PaymentProvider } from './provider.ts';

/**
 * Decision 184: Alipay's certificate mode (公钥证书模式). A root CA, our app's certificate and Alipay's
 * certificate are generated here; the local gateway refuses a request whose app_cert_sn /
 * alipay_root_cert_sn are not the SNs it computes by Alipay's documented rule (md5 of the issuer DN and the
 * decimal serial), and signs its answers with the Alipay certificate's key; notifications signed with that
 * key verify, others are refused. The configuration refuses half a certificate mode and both modes at once.
 */
const APP_ID = '2021000000000002';
const rootDn: Dn = [
  ['C', 'CN'],
  ['O', 'Ant Financial'],
  ['OU', 'Certification Authority'],
  ['CN', 'Ant Financial Certification Authority Class 1 R1'],
];
const ca = generateKeyPairSync('rsa', { modulusLength: 2048 });
const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const aliKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rootCert = makeCert({
  subject: rootDn,
  issuer: rootDn,
  serial: '623dcdc4c2d45f09',
  publicKey: ca.publicKey,
  signKey: ca.privateKey,
});
const appCert = makeCert({
  subject: [
    ['C', 'CN'],
    ['O', '星际网咖'],
    ['OU', 'Alipay'],
    ['CN', APP_ID],
  ],
  issuer: rootDn,
  serial: '20260101abcdef0123',
  publicKey: appKey.publicKey,
  signKey: ca.privateKey,
});
const alipayCert = makeCert({
  subject: [
    ['C', 'CN'],
    ['O', '支付宝(杭州)信息技术有限公司'],
    ['OU', 'Alipay'],
    ['CN', '支付宝(杭州)信息技术有限公司-2088000000000000'],
  ],
  issuer: rootDn,
  serial: '2026112900ff',
  publicKey: aliKey.publicKey,
  signKey: ca.privateKey,
});
const aliPrivatePem = aliKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const appPrivatePem = appKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const appPublicPem = appKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();

let gw: Awaited<ReturnType<typeof fakeAlipay>>;
let pay: PaymentProvider;
const envOf = (o: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  ALIPAY_APP_ID: APP_ID,
  ALIPAY_PRIVATE_KEY: appPrivatePem,
  ALIPAY_APP_CERT: appCert,
  ALIPAY_PUBLIC_CERT: alipayCert,
  ALIPAY_ROOT_CERT: rootCert,
  ALIPAY_GATEWAY: gw.gateway,
  ...o,
});
const build = (env: Record<string, string>) =>
  createAlipay({ db: undefined as never, config: loadConfig(env), sandboxKey: async () => 'x'.repeat(40) });
const request = (payment_no: string) => ({
  payment_no,
  netbar_id: 1,
  amount_fen: 2550,
  subject: '星际网咖 扫码收款',
  method: 'alipay' as const,
  expires_at: new Date(Date.now() + 600_000),
  notify_url: 'http://127.0.0.1/api/c1/notify/alipay',
  public_base: 'http://127.0.0.1',
});
const notice = (key: string, no: string, trade_no: string) => {
  const now = beijingText(new Date());
  return alipayNotice(key, {
    charset: 'utf-8',
    notify_id: `2026${Math.random().toString(16).slice(2)}0000`,
    notify_type: 'trade_status_sync',
    notify_time: now,
    gmt_payment: now,
    trade_status: 'TRADE_SUCCESS',
    app_id: APP_ID,
    out_trade_no: no,
    trade_no,
    total_amount: '25.50',
    version: '1.0',
  });
};

beforeAll(async () => {
  gw = await fakeAlipay(appPublicPem, { appCert, alipayCert, rootCert, alipayPrivatePem: aliPrivatePem });
  pay = build(envOf())!;
});
afterAll(() => gw.close());

describe('alipay 公钥证书模式', () => {
  it('requests carry app_cert_sn and alipay_root_cert_sn equal to the SNs of the documented rule', async () => {
    expect(pay).not.toBeNull();
    const r = await pay.create(request('P20261129000001ABCDEF01'));
    expect(r.qr_payload).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const call = gw.calls.findLast((c) => c.method === 'alipay.trade.precreate')!;
    expect(call.signed).toBe(true);
    expect(call.params.app_cert_sn).toBe(alipayCertSn(appCert));
    expect(call.params.alipay_root_cert_sn).toBe(alipayRootSn(rootCert));
    expect(call.params.app_cert_sn).toMatch(/^[0-9a-f]{32}$/);
  });

  it('an app certificate the gateway does not know (another serial) is refused: no QR', async () => {
    const other = makeCert({
      subject: [['CN', APP_ID]],
      issuer: rootDn,
      serial: '0badc0de',
      publicKey: appKey.publicKey,
      signKey: ca.privateKey,
    });
    const p = build(envOf({ ALIPAY_APP_CERT: other }))!;
    await expect(p.create(request('P20261129000002ABCDEF02'))).rejects.toThrow(/应用公钥证书序列号不正确/);
  });

  it("a notification signed with the Alipay certificate's key verifies; one signed by another key is refused", async () => {
    const no = 'P20261129000003ABCDEF03';
    await pay.create(request(no));
    const tradeNo = gw.trades.get(no)!.trade_no;
    const v = await pay.verifyNotice({ headers: {}, body: notice(aliPrivatePem, no, tradeNo) }, new Date());
    expect(v).toMatchObject({ payment_no: no, txn_id: tradeNo, amount_fen: 2550 });
    const forged = notice(rsaPair().privatePem, no, tradeNo);
    await expect(pay.verifyNotice({ headers: {}, body: forged }, new Date())).rejects.toThrow(NoticeRefused);
    // the CA's own key is not Alipay's either
    const byCa = notice(ca.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), no, tradeNo);
    await expect(pay.verifyNotice({ headers: {}, body: byCa }, new Date())).rejects.toThrow('签名验证失败');
  });

  it('an answer signed by a key other than the certificate’s is refused (validateSign)', async () => {
    const stranger = await fakeAlipay(appPublicPem, {
      appCert,
      alipayCert,
      rootCert,
      alipayPrivatePem: rsaPair().privatePem,
    });
    try {
      const p = build(envOf({ ALIPAY_GATEWAY: stranger.gateway }))!;
      await expect(p.create(request('P20261129000004ABCDEF04'))).rejects.toThrow();
    } finally {
      await stranger.close();
    }
  });
});

describe('alipay configuration: one mode, complete', () => {
  it('half a certificate mode is refused at start, naming what is missing (bad input)', () => {
    expect(() => loadConfig({ ...envOf(), ALIPAY_ROOT_CERT: undefined })).toThrow(
      /支付宝配置不完整，还需设置：ALIPAY_ROOT_CERT\(_FILE\)/,
    );
    expect(() =>
      loadConfig({ ...envOf(), ALIPAY_PUBLIC_CERT: undefined, ALIPAY_ROOT_CERT: undefined }),
    ).toThrow(/还需设置：ALIPAY_PUBLIC_CERT\(_FILE\)、ALIPAY_ROOT_CERT\(_FILE\)/);
  });

  it('both modes at once are refused (the modes are exclusive)', () => {
    expect(() => loadConfig({ ...envOf(), ALIPAY_PUBLIC_KEY: rsaPair().publicBare })).toThrow(
      /支付宝公钥模式与公钥证书模式只能选一种/,
    );
  });

  it('the public-key mode still stands alone; nothing configured builds no adapter', () => {
    const keyMode = {
      NODE_ENV: 'test',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: appPrivatePem,
      ALIPAY_PUBLIC_KEY: rsaPair().publicBare,
    };
    expect(() => loadConfig(keyMode)).not.toThrow();
    expect(build({ NODE_ENV: 'test' })).toBeNull();
  });
});
