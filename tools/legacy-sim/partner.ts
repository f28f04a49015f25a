import { randomBytes } from 'node:crypto';
import { md5 } from './accounts.ts';
import type { Router } from './router.ts';

/**
 * The partner platform (合作平台, button login_panda, decision 195) as the passport's partner calls meet it:
 * check an account's password (MD5 hex, as the browser sends it), create an account for a product user
 * (the same external id finds the same account again), and issue a one-time login link. The link is
 * relative (`/partner/welcome?ticket=…`): the passport resolves it against the address it called.
 */

/** The demo partner account (decision 195; the e2e binds it). */
export const PARTNER_DEMO = { user_name: 'panda_demo', password: 'panda123' } as const;
const TICKET_MS = 5 * 60_000;
const NAME = /^[A-Za-z0-9_]{1,60}$/;

export function mountPartner(router: Router) {
  const accounts = new Map<string, { passwordMd5: string; external?: string }>([
    [PARTNER_DEMO.user_name, { passwordMd5: md5(PARTNER_DEMO.password) }],
  ]);
  const byExternal = new Map<string, string>();
  const tickets = new Map<string, { user: string; expires: number }>();
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

  router.register('POST /partner/verify', ({ body }) => {
    const user = str(body.user_name);
    const password = str(body.password).toLowerCase();
    if (!user || !password) return [400, { code: 400, msg: '请输入账号和密码' }];
    const a = accounts.get(user);
    if (!a || a.passwordMd5 !== password) return { code: 1, msg: '合作平台账号或密码错误' };
    return { code: 0, msg: 'ok', data: { user_name: user } };
  });

  router.register('POST /partner/register', ({ body }) => {
    const external = str(body.external_id);
    if (!external) return [400, { code: 400, msg: '缺少 external_id' }];
    const known = byExternal.get(external);
    if (known) return { code: 0, msg: 'ok', data: { user_name: known } };
    const hint =
      str(body.hint)
        .replace(/[^A-Za-z0-9_]/g, '')
        .slice(0, 40) || 'user';
    let name = `pd_${hint}`;
    for (let n = 2; accounts.has(name); n++) name = `pd_${hint}_${n}`;
    accounts.set(name, { passwordMd5: md5(randomBytes(12).toString('hex')), external });
    byExternal.set(external, name);
    return { code: 0, msg: 'ok', data: { user_name: name } };
  });

  router.register('POST /partner/login_link', ({ body }) => {
    const user = str(body.user_name);
    if (!NAME.test(user) || !accounts.has(user)) return { code: 1, msg: '合作平台账号不存在' };
    const ticket = randomBytes(16).toString('hex');
    tickets.set(ticket, { user, expires: Date.now() + TICKET_MS });
    return { code: 0, msg: 'ok', data: { url: `/partner/welcome?ticket=${ticket}` } };
  });

  /** The page the link opens: logs the account in once; a used or old ticket is refused. */
  router.register('GET /partner/welcome', ({ query }) => {
    const ticket = query.get('ticket') ?? '';
    const t = tickets.get(ticket);
    tickets.delete(ticket);
    if (!t || t.expires < Date.now())
      return [401, { code: 1, msg: '登录链接已失效，请重新从网吧管理平台进入' }];
    return { code: 0, msg: `合作平台登录成功，欢迎 ${t.user}`, data: { user_name: t.user } };
  });
}
