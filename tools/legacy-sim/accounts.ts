import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Router } from './router.ts';

/**
 * Accounts, login with challenges and sessions (docs/legacy-connectors.md, "Login"). Login codes:
 * 0 success, 1 wrong account or password, 2 SMS code needed, 3 SMS sent (resend blocked 180 s),
 * 4 account locked, 5 image code needed. Products 9 and 10 receive the password as MD5 hex.
 */

export const PRODUCTS = [9, 10, 4, 12, 13, 0, 8, 14, 15, 17, 7] as const;
export const HASHED_PRODUCTS = new Set([9, 10]);
export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

export interface SimStore {
  id: number;
  name: string;
}
interface Account {
  password: string;
  challenge?: 'sms' | 'img';
  locked?: boolean;
  stores: SimStore[];
}

/** The demo accounts (README "从旧系统导入"). Every password is demo123. */
export const ACCOUNTS: Record<string, Account> = {
  demo: {
    password: 'demo123',
    stores: [
      { id: 8001, name: '星际网咖（旗舰店）' },
      { id: 8002, name: '星际网咖（大学城店）' },
      { id: 8003, name: '星际网咖（火车站店）' },
    ],
  },
  smsuser: {
    password: 'demo123',
    challenge: 'sms',
    stores: [
      { id: 8101, name: '极速电竞馆' },
      { id: 8102, name: '极速电竞馆（二店）' },
    ],
  },
  imguser: {
    password: 'demo123',
    challenge: 'img',
    stores: [
      { id: 8201, name: '云顶网吧' },
      { id: 8202, name: '云顶网吧（南门店）' },
    ],
  },
  locked: { password: 'demo123', locked: true, stores: [] },
};

export interface SimOptions {
  smsCode: string;
  imgCode: string;
  /** Where a sent SMS code is printed. */
  log: (line: string) => void;
}

export interface Session {
  account: string;
  product: number;
  expires: number;
}

const SESSION_MS = 2 * 3_600_000;
const RESEND_MS = 180_000;

function captchaSvg(text: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="36"><title>图片验证码</title><rect width="100" height="36" fill="#f0f2f5"/><path d="M4 24 C30 6 60 34 96 12" stroke="#8c8c8c" fill="none"/><text x="50" y="25" font-size="20" text-anchor="middle" font-family="monospace" fill="#1f1f1f" letter-spacing="4">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function mountAccounts(router: Router, opt: SimOptions) {
  const sessions = new Map<string, Session>();
  const sms = new Map<string, { code: string; at: number }>();
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

  router.register('GET /v1/products', () => ({ code: 0, msg: 'ok', data: PRODUCTS }));

  router.register('GET /v1/captcha', () => ({
    code: 0,
    msg: 'ok',
    data: { image: captchaSvg(opt.imgCode) },
  }));

  router.register('POST /v1/sms', ({ body }) => {
    const account = str(body.account);
    if (!ACCOUNTS[account]) return { code: 1, msg: '账号不存在' };
    const prior = sms.get(account);
    const now = Date.now();
    if (prior && now - prior.at < RESEND_MS)
      return {
        code: 3,
        msg: '验证码已发送，请稍后再试',
        data: { wait: Math.ceil((RESEND_MS - (now - prior.at)) / 1000) },
      };
    const code = String(randomInt(100_000, 1_000_000));
    sms.set(account, { code, at: now });
    opt.log(`[legacy-sim] 短信验证码 ${account}: ${code}（也可用固定验证码 ${opt.smsCode}）`);
    return { code: 3, msg: '验证码已发送', data: { wait: RESEND_MS / 1000 } };
  });

  router.register('POST /v1/login', ({ body }) => {
    const product = Number(body.product);
    if (!PRODUCTS.includes(product as (typeof PRODUCTS)[number]) || str(body.product) === '')
      return [400, { code: 400, msg: '不支持的产品' }];
    const account = str(body.account);
    const a = ACCOUNTS[account];
    const expected = a && (HASHED_PRODUCTS.has(product) ? md5(a.password) : a.password);
    if (!a || str(body.password).toLowerCase() !== expected) return { code: 1, msg: '账号或密码错误' };
    if (a.locked) return { code: 4, msg: '账号已被锁定，请联系原系统客服解锁' };
    if (a.challenge === 'sms') {
      const given = str(body.sms_code);
      if (!given) return { code: 2, msg: '该账号需要短信验证，请获取短信验证码' };
      const sent = sms.get(account);
      if (given !== opt.smsCode && given !== sent?.code) return { code: 2, msg: '短信验证码错误' };
      sms.delete(account);
    }
    if (a.challenge === 'img') {
      const given = str(body.img_code);
      if (!given) return { code: 5, msg: '请输入图片验证码' };
      if (given.toLowerCase() !== opt.imgCode.toLowerCase()) return { code: 5, msg: '图片验证码错误' };
    }
    const token = randomBytes(18).toString('base64url');
    sessions.set(token, { account, product, expires: Date.now() + SESSION_MS });
    return { code: 0, msg: '登录成功', data: { token, stores: a.stores } };
  });

  /** The caller's session, or undefined (expired, unknown). */
  return function sessionOf(token: string): Session | undefined {
    const s = sessions.get(token);
    if (!s || s.expires < Date.now()) return undefined;
    return s;
  };
}
