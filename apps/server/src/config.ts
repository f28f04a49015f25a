import { isIP } from 'node:net';
import { z } from 'zod';
import { checkConfig } from './config-checks.ts';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: '只能是 true 或 false' })
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

const intIn = (def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `必须是 ${min} 到 ${max} 之间的整数` });
        return z.NEVER;
      }
      return n;
    });

const url = z.url({ error: '必须是有效的 URL' }).optional();

/** Every environment variable the server reads, one field each. */
const configFields = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: '只能是 development、production 或 test' })
    .default('development'),
  PORT: intIn(8080, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '必须以 postgres:// 开头')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '必须以 redis:// 开头')
    .optional(),
  /** The start of every Redis key of this deployment (two deployments may share one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,40}$/, '只能是 1-40 个字母、数字、冒号、点、下划线或连字符')
    .default('nb:'),
  SEED_DEMO: bool(true),
  ADMIN_PASSWORD: z.string().min(8, '至少 8 个字符').optional(),
  CAPTCHA_FIXED: z
    .string()
    .regex(/^[A-Za-z0-9]{4,8}$/, '必须是 4-8 位字母或数字')
    .optional(),
  CAPTCHA_TTL_SECONDS: intIn(300, 30, 3600),
  SESSION_IDLE_MINUTES: intIn(120, 5, 24 * 60),
  SESSION_ABSOLUTE_HOURS: intIn(24, 1, 24 * 30),
  LOGIN_MAX_FAILURES: intIn(5, 1, 100),
  LOGIN_IP_MAX_FAILURES: intIn(30, 1, 10000),
  LOGIN_LOCK_MINUTES: intIn(15, 1, 24 * 60),
  LOGIN_RATE_PER_MINUTE: intIn(30, 1, 100000),
  LOGIN_DELAY_BASE_MS: intIn(300, 0, 10000),
  BODY_LIMIT_BYTES: intIn(1024 * 1024, 1024, 50 * 1024 * 1024),
  OPLOG_RETENTION_DAYS: intIn(180, 180, 3650),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, '必须以 smtp:// 或 smtps:// 开头')
    .optional(),
  SMTP_FROM: z.string().min(3, '至少 3 个字符').default('网吧云管理平台 <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['none', 'webhook'], { error: '只能是 none 或 webhook' }).default('none'),
  SMS_WEBHOOK_URL: url,
  SMS_WEBHOOK_SECRET: z.string().min(16, '至少 16 个字符').optional(),
  SMS_SIGN_NAME: z.string().min(1).max(20, '最多 20 个字符').default('网吧云管理平台'),
  SMS_TEMPLATE_CODE: z.string().max(60, '最多 60 个字符').default('VERIFY_CODE'),
  // 短信营销 (decision 179): price per segment (fen) for the cost estimate, and messages per store per day
  SMS_MARKETING_PRICE_FEN: intIn(5, 0, 1000),
  SMS_MARKETING_DAILY_CAP: intIn(2000, 1, 1_000_000),
  CODE_DAILY_MAX_PER_TARGET: intIn(10, 1, 1000),
  CODE_DAILY_MAX_PER_IP: intIn(50, 1, 100000),
  E2E_TEST_HOOKS: bool(false),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: url,
  SYSTEM_NAME: z.string().min(1).max(30).default('网吧云管理平台'),
  OFFICIAL_QR_URL: url,
  STAFF_QR_URL: url,
  SERVICE_CHAT_URL: url,
  IMAGES_BASE: z.string().default('/uploads/'),
  /** Where uploaded images are kept; default DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_BYTES: intIn(2 * 1024 * 1024, 1024, 20 * 1024 * 1024),
  /** Proxies whose X-Forwarded-For / -Proto are believed: addresses or CIDRs, comma separated; off by default. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((a) => !isIP(a.split('/')[0]!) || !/^[^/]+(\/\d{1,3})?$/.test(a));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `不是有效的地址或网段：${bad.join('、')}` });
        return z.NEVER;
      }
      return list;
    }),
  /** This process's name behind a balancer: sent as `x-served-by` on every answer when set (decision 199). */
  SERVER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, '只能是 1-40 位字母、数字或 . _ -')
    .optional(),
  /** On SIGTERM, ms between ready turning 503 and the listener closing, so that the balancer's health
   * check sees it first (decision 199); 0 (the embedded default): close at once. */
  SHUTDOWN_DRAIN_MS: intIn(0, 0, 15000),
  /** Bearer token of GET /metrics (Prometheus, decision 193); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, '至少 16 个字符').optional(),
  /** API documentation (/api/docs, /api/openapi.json): public, login (signed-in users only) or off. */
  API_DOCS: z.enum(['public', 'login', 'off'], { error: '只能是 public、login 或 off' }).optional(),
  /** Key of the captcha-answer HMAC; when unset one is generated and kept in the database. */
  CAPTCHA_SECRET: z.string().min(32, '至少 32 个字符').optional(),
  /** Key of the members' card-number encryption and lookup HMAC (decision 106); required in production. */
  MEMBER_FIELD_KEY: z.string().min(32, '至少 32 个字符').optional(),
  /** Key of the merchants' ID and bank card encryption and document links (decision 164); when unset one is
   * generated and kept in the database. */
  MERCHANT_FIELD_KEY: z.string().min(32, '至少 32 个字符').optional(),
  /** Where merchant onboarding documents are kept (never served as files); default DATA_DIR/merchant-docs. */
  MERCHANT_DOC_DIR: z.string().min(1).optional(),
  /** Object storage (decision 200): an S3-compatible bucket for uploads and merchant documents when both
   * S3_ENDPOINT and S3_BUCKET are set; the local disk (UPLOAD_DIR, MERCHANT_DOC_DIR) otherwise. */
  S3_ENDPOINT: url,
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '必须是 3-63 位小写字母、数字、点或短横线')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key), as MinIO needs; false: bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: bool(true),
  /** A read replica of DATABASE_URL (decision 201): reports and exports read from it; writes never. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '必须以 postgres:// 开头')
    .optional(),
  /** PGlite only: requests waiting for the single connection before 503, and how long one may wait
   * (0: 1000 ms, 30 s in tests). */
  PGLITE_QUEUE_MAX: intIn(64, 1, 100000),
  PGLITE_QUEUE_TIMEOUT_MS: intIn(0, 0, 120000),
  /** PGlite only: API requests read while the server's thread is this many ms behind get 503 at once
   * (0: off; unset: 1000, off in tests). */
  PGLITE_MAX_LAG_MS: intIn(-1, 0, 60000).transform((n) => (n < 0 ? undefined : n)),
  /** Payments (decision 160): the acquirer when a store's method names none; sandbox is built in. */
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'alipay', 'wechatpay', 'sqb'], { error: '只能是 sandbox、alipay、wechatpay 或 sqb' })
    .default('sandbox'),
  /** The largest single payment, in fen (default 50,000 元). */
  PAYMENT_MAX_FEN: intIn(5_000_000, 1, 100_000_000),
  /** HMAC key of the sandbox acquirer's notifications; when unset one is generated and kept in the database. */
  PAYMENT_SANDBOX_KEY: z.string().min(32, '至少 32 个字符').optional(),
  /** The sandbox's misbehaviour: notifications sent twice, out of order, both, or neither (decision 161). */
  PAYMENT_SANDBOX_CHAOS: z
    .enum(['none', 'twice', 'reorder', 'both'], { error: '只能是 none、twice、reorder 或 both' })
    .default('none'),
  /** A notification older (or further in the future) than this many seconds is a replay. */
  PAYMENT_NOTIFY_MAX_AGE_SECONDS: intIn(300, 30, 3600),
  /** Alipay (decision 170): the app, our RSA2 private key (PEM or one base64 line, or a file), Alipay's public key. */
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{16}$/, '必须是 16 位数字')
    .optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(100, '不是有效的私钥').optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(100, '不是有效的公钥').optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  /** Alipay's certificate mode (公钥证书模式, decision 184), instead of ALIPAY_PUBLIC_KEY: our app's public
   * key certificate, Alipay's public key certificate and Alipay's root certificate (PEM text or a file). */
  ALIPAY_APP_CERT: z.string().min(100, '不是有效的证书').optional(),
  ALIPAY_APP_CERT_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_CERT: z.string().min(100, '不是有效的证书').optional(),
  ALIPAY_PUBLIC_CERT_FILE: z.string().min(1).optional(),
  ALIPAY_ROOT_CERT: z.string().min(100, '不是有效的证书').optional(),
  ALIPAY_ROOT_CERT_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url({ error: '必须是有效的 URL' }).default('https://openapi.alipay.com/gateway.do'),
  /** WeChat Pay API v3 (decision 170): merchant id, the app id, our API certificate's serial and key file, the
   * APIv3 key (32 bytes), WeChat Pay's platform certificate or public key (file) and its serial / key id. */
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{8,12}$/, '必须是 8-12 位数字')
    .optional(),
  WECHATPAY_APPID: z
    .string()
    .regex(/^wx[0-9A-Za-z]{16}$/, '必须是 wx 开头的 18 位应用 ID')
    .optional(),
  WECHATPAY_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, '必须是证书序列号（十六进制）')
    .optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 32, { message: '必须是 32 个字节' })
    .optional(),
  WECHATPAY_PLATFORM_CERT_FILE: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_SERIAL: z
    .string()
    .regex(/^[0-9A-Za-z_]{8,64}$/, '格式错误')
    .optional(),
  /** 微信支付公钥 mode (decision 184), instead of platform certificates: the public key (PEM text or a file)
   * and its id (PUB_KEY_ID_…, sent back in Wechatpay-Serial). */
  WECHATPAY_PUBLIC_KEY: z.string().min(100, '不是有效的公钥').optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z
    .string()
    .regex(/^PUB_KEY_ID_[0-9A-Za-z]{8,64}$/, '必须是 PUB_KEY_ID_ 开头的公钥 ID')
    .optional(),
  /** The legacy-product connector (docs/legacy-connectors.md); `npm run legacy-sim` answers here. */
  LEGACY_IMPORT_URL: z.url({ error: '必须是有效的 URL' }).default('http://127.0.0.1:4610'),
  WECHATPAY_BASE_URL: z.url({ error: '必须是有效的 URL' }).default('https://api.mch.weixin.qq.com/'),
  SERVICES: z
    .string()
    .default('passport,payment,merchant,import')
    .refine(
      (s) => s.split(',').every((x) => ['passport', 'payment', 'merchant', 'import'].includes(x.trim())),
      {
        message: '只能包含 passport、payment、merchant、import',
      },
    ),
});

/** The fields, before the checks across them (config-checks.ts). */
export type ConfigFields = z.infer<typeof configFields>;

/** Every environment variable the server reads, validated once at start. */
export const configSchema = configFields.superRefine(checkConfig);

export type Config = z.infer<typeof configSchema>;

/** Docs are public in development and tests, behind login in production, unless API_DOCS says. */
export const apiDocsMode = (c: Config) => c.API_DOCS ?? (c.NODE_ENV === 'production' ? 'login' : 'public');

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置错误，服务未启动：\n${lines.join('\n')}`);
  }
  return parsed.data;
}
