import type { z } from 'zod';
import type { ConfigFields } from './config.ts';

/**
 * The checks across configuration fields (config.ts holds the fields): payment providers set whole or not at
 * all, S3 and the read replica set with what they need, and the test-only switches refused in production.
 */
export function checkConfig(c: ConfigFields, ctx: z.RefinementCtx) {
  // a real acquirer is either fully configured or not at all (decision 170)
  // Alipay: the public-key mode or the certificate mode (decision 184), never both
  const alipayCerts = {
    'ALIPAY_APP_CERT(_FILE)': c.ALIPAY_APP_CERT ?? c.ALIPAY_APP_CERT_FILE,
    'ALIPAY_PUBLIC_CERT(_FILE)': c.ALIPAY_PUBLIC_CERT ?? c.ALIPAY_PUBLIC_CERT_FILE,
    'ALIPAY_ROOT_CERT(_FILE)': c.ALIPAY_ROOT_CERT ?? c.ALIPAY_ROOT_CERT_FILE,
  };
  const alipayPublicKey = c.ALIPAY_PUBLIC_KEY ?? c.ALIPAY_PUBLIC_KEY_FILE;
  const certMode = Object.values(alipayCerts).some(Boolean);
  if (certMode && alipayPublicKey)
    ctx.addIssue({
      code: 'custom',
      path: ['ALIPAY_PUBLIC_KEY'],
      message:
        '支付宝公钥模式与公钥证书模式只能选一种：设置了 ALIPAY_*_CERT 时请去掉 ALIPAY_PUBLIC_KEY(_FILE)',
    });
  const alipay = {
    ALIPAY_APP_ID: c.ALIPAY_APP_ID,
    'ALIPAY_PRIVATE_KEY(_FILE)': c.ALIPAY_PRIVATE_KEY ?? c.ALIPAY_PRIVATE_KEY_FILE,
    ...(certMode ? alipayCerts : { 'ALIPAY_PUBLIC_KEY(_FILE)': alipayPublicKey }),
  };
  const wechat = {
    WECHATPAY_MCHID: c.WECHATPAY_MCHID,
    WECHATPAY_APPID: c.WECHATPAY_APPID,
    WECHATPAY_SERIAL: c.WECHATPAY_SERIAL,
    WECHATPAY_PRIVATE_KEY_FILE: c.WECHATPAY_PRIVATE_KEY_FILE,
    WECHATPAY_APIV3_KEY: c.WECHATPAY_APIV3_KEY,
    // platform certificate(s), or the 微信支付公钥 with its id (decision 184)
    ...(c.WECHATPAY_PUBLIC_KEY || c.WECHATPAY_PUBLIC_KEY_FILE || c.WECHATPAY_PUBLIC_KEY_ID
      ? {
          'WECHATPAY_PUBLIC_KEY(_FILE)': c.WECHATPAY_PUBLIC_KEY ?? c.WECHATPAY_PUBLIC_KEY_FILE,
          WECHATPAY_PUBLIC_KEY_ID: c.WECHATPAY_PUBLIC_KEY_ID,
        }
      : { WECHATPAY_PLATFORM_CERT_FILE: c.WECHATPAY_PLATFORM_CERT_FILE }),
  };
  for (const [name, group] of [
    ['支付宝', alipay],
    ['微信支付', wechat],
  ] as const) {
    const missing = Object.entries(group).filter(([, v]) => !v);
    if (missing.length && missing.length < Object.keys(group).length)
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]![0]],
        message: `${name}配置不完整，还需设置：${missing.map(([k]) => k).join('、')}`,
      });
  }
  if (!c.S3_ENDPOINT !== !c.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: [c.S3_ENDPOINT ? 'S3_BUCKET' : 'S3_ENDPOINT'],
      message: '对象存储需要同时设置 S3_ENDPOINT 和 S3_BUCKET',
    });
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: '对象存储的 S3_ACCESS_KEY_ID 和 S3_SECRET_ACCESS_KEY 需要同时设置',
    });
  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_READ_URL'],
      message: '只读副本 DATABASE_READ_URL 需要同时设置主库 DATABASE_URL',
    });
  if (c.NODE_ENV === 'production' && c.CAPTCHA_FIXED) {
    ctx.addIssue({
      code: 'custom',
      path: ['CAPTCHA_FIXED'],
      message: '生产环境（NODE_ENV=production）不允许设置固定验证码',
    });
  }
  if (c.NODE_ENV === 'production' && c.E2E_TEST_HOOKS) {
    ctx.addIssue({
      code: 'custom',
      path: ['E2E_TEST_HOOKS'],
      message: '生产环境（NODE_ENV=production）不允许开启测试接口',
    });
  }
  if (c.SMS_PROVIDER === 'webhook' && (!c.SMS_WEBHOOK_URL || !c.SMS_WEBHOOK_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message: '使用 webhook 短信服务商时必须同时设置 SMS_WEBHOOK_URL 和 SMS_WEBHOOK_SECRET',
    });
  }
}
