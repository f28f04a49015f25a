import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rsaPair } from '../../test/fake-alipay.ts';
import { fakeWechatpay, PLATFORM_SERIAL } from '../../test/fake-wechatpay.ts';
import { NoticeRefused } from './provider.ts';
import { createWechatpay } from './wechatpay.ts';

/**
 * Decision 184: WeChat Pay's two ways of proving its signatures. Platform certificates are renewed from
 * GET /v3/certificates (decrypted with the APIv3 key, every unexpired one kept by serial): after WeChat Pay
 * rotates, a notification (and an answer) signed with the new certificate verifies; an unknown key is
 * refused, and an unknown serial downloads the list at most once a minute. The 微信支付公钥 mode
 * (WECHATPAY_PUBLIC_KEY + WECHATPAY_PUBLIC_KEY_ID) verifies with no certificate and no download.
 */
const MCHID = '1900000109';
const APIV3 = 'Q8x5jR2mT9vK4nL7pW1sY6zB3cF0hD8g';
const merchant = rsaPair();
const dir = mkdtempSync(join(tmpdir(), 'nb-wxkeys-'));
writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privatePem);
const base = {
  NODE_ENV: 'test',
  WECHATPAY_MCHID: MCHID,
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL: '3775B6A45ACD588826D15E583A95F5DD12345678',
  WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
  WECHATPAY_APIV3_KEY: APIV3,
};
const build = (env: Record<string, string>) =>
  createWechatpay({
    db: undefined as never,
    config: loadConfig(env),
    sandboxKey: async () => 'x'.repeat(40),
  });
let no = 0;
const order = (p: NonNullable<ReturnType<typeof build>>) => {
  const payment_no = `P20261129${String(++no).padStart(6, '0')}ABCDEF${String(no).padStart(2, '0')}`;
  return p
    .create({
      payment_no,
      netbar_id: 1,
      amount_fen: 1800,
      subject: '星际网咖 扫码收款',
      method: 'wechat',
      expires_at: new Date(Date.now() + 600_000),
      notify_url: 'http://127.0.0.1/api/c1/notify/wechatpay',
      public_base: 'http://127.0.0.1',
    })
    .then(() => payment_no);
};

describe('platform certificates, renewed from /v3/certificates', () => {
  let wx: Awaited<ReturnType<typeof fakeWechatpay>>;
  let pay: NonNullable<ReturnType<typeof build>>;
  const downloads = () => wx.calls.filter((c) => c.path === '/v3/certificates').length;
  beforeAll(async () => {
    wx = await fakeWechatpay(merchant.publicPem, MCHID, APIV3, { certMode: true });
    writeFileSync(join(dir, 'wechatpay_cert.pem'), wx.platformCert!);
    pay = build({
      ...base,
      WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'wechatpay_cert.pem'),
      WECHATPAY_BASE_URL: wx.baseURL,
    })!;
  });
  afterAll(() => wx.close());

  it('the configured certificate verifies answers and notifications; its serial is read from it', async () => {
    expect(pay.certs).toBeDefined();
    const p = await order(pay);
    expect(Object.keys(pay.certs!.keys)).toEqual([wx.serial()]);
    const v = await pay.verifyNotice(wx.notice(p), new Date());
    expect(v).toMatchObject({ payment_no: p, amount_fen: 1800 });
  });

  it('after a rotation, a notification signed with the new certificate verifies (an unknown serial refreshes)', async () => {
    const p = await order(pay);
    await pay.certs!.refresh(); // the daily pass, made now
    const old = wx.serial();
    const fresh = wx.rotate();
    const before = downloads();
    const v = await pay.verifyNotice(wx.notice(p), new Date());
    expect(v.payment_no).toBe(p);
    expect(downloads()).toBe(before + 1);
    // both certificates are kept (the old one is still in force); answers signed with the new one verify
    expect(Object.keys(pay.certs!.keys).sort()).toEqual([old, fresh].sort());
    await expect(order(pay)).resolves.toMatch(/^P2026/);
  });

  it('a notification signed with an unknown key is refused, and a second unknown serial within a minute downloads nothing', async () => {
    const p = await order(pay);
    const stranger = rsaPair().privatePem;
    // a known serial, another key
    await expect(pay.verifyNotice(wx.notice(p, { signKey: stranger }), new Date())).rejects.toThrow(
      '签名验证失败',
    );
    const before = downloads();
    const unknown = randomBytes(20).toString('hex').toUpperCase();
    const r = pay.verifyNotice(wx.notice(p, { signKey: stranger, serial: unknown }), new Date());
    await expect(r).rejects.toThrow(NoticeRefused);
    await expect(r).rejects.toThrow('平台证书序列号不符');
    expect(downloads()).toBe(before); // the last unknown-serial refresh was less than a minute ago
  });

  it('a certificate list that does not decrypt under our APIv3 key is refused and adds nothing', async () => {
    const wrong = build({
      ...base,
      WECHATPAY_APIV3_KEY: 'Z'.repeat(32),
      WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'wechatpay_cert.pem'),
      WECHATPAY_BASE_URL: wx.baseURL,
    })!;
    const before = Object.keys(wrong.certs!.keys);
    await expect(wrong.certs!.refresh()).rejects.toThrow();
    expect(Object.keys(wrong.certs!.keys)).toEqual(before);
  });
});

describe('微信支付公钥 mode', () => {
  let wx: Awaited<ReturnType<typeof fakeWechatpay>>;
  beforeAll(async () => {
    wx = await fakeWechatpay(merchant.publicPem, MCHID, APIV3);
  });
  afterAll(() => wx.close());

  it('verifies answers and notifications with the public key named PUB_KEY_ID_…; nothing is downloaded', async () => {
    const pay = build({
      ...base,
      WECHATPAY_PUBLIC_KEY: wx.platformPublicKey,
      WECHATPAY_PUBLIC_KEY_ID: PLATFORM_SERIAL,
      WECHATPAY_BASE_URL: wx.baseURL,
    })!;
    expect(pay.certs).toBeUndefined();
    const p = await order(pay);
    expect(wx.serial()).toBe(PLATFORM_SERIAL);
    await expect(pay.verifyNotice(wx.notice(p), new Date())).resolves.toMatchObject({ payment_no: p });
    await expect(
      pay.verifyNotice(wx.notice(p, { signKey: rsaPair().privatePem }), new Date()),
    ).rejects.toThrow('签名验证失败');
    await expect(
      pay.verifyNotice(wx.notice(p, { serial: 'PUB_KEY_ID_0000000000000000' }), new Date()),
    ).rejects.toThrow('平台证书序列号不符');
    expect(wx.calls.some((c) => c.path === '/v3/certificates')).toBe(false);
  });

  it('half the public-key mode, or a malformed key id, is refused at start (bad input)', () => {
    expect(() => loadConfig({ ...base, WECHATPAY_PUBLIC_KEY: wx.platformPublicKey })).toThrow(
      /微信支付配置不完整，还需设置：WECHATPAY_PUBLIC_KEY_ID/,
    );
    expect(() => loadConfig({ ...base, WECHATPAY_PUBLIC_KEY_ID: PLATFORM_SERIAL })).toThrow(
      /还需设置：WECHATPAY_PUBLIC_KEY\(_FILE\)/,
    );
    expect(() =>
      loadConfig({
        ...base,
        WECHATPAY_PUBLIC_KEY: wx.platformPublicKey,
        WECHATPAY_PUBLIC_KEY_ID: '12345678',
      }),
    ).toThrow(/必须是 PUB_KEY_ID_ 开头的公钥 ID/);
    expect(() => loadConfig(base)).toThrow(/还需设置：WECHATPAY_PLATFORM_CERT_FILE/);
  });
});
