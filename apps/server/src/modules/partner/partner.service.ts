import type { PandaBindBody, PandaBinding, PandaResult } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { deleteBinding, findBinding, holderOf, insertBinding } from './partner.repo.ts';
import type { PartnerClient } from './partner-client.ts';

/**
 * 合作平台账号 (login_panda, decision 195). The partner platform checks passwords and makes accounts; the
 * passport keeps only which partner account a product user is bound to (never the password). Refusals a
 * user can act on come back as `{status: 0, msg}` (the dialog's error toast), not as errors.
 */
export interface PartnerDeps {
  db: Db;
  partner: PartnerClient;
  /** Names this site in the partner platform's external ids (one product user → one partner account). */
  site: string;
}

export const NOT_BOUND = '尚未绑定合作平台账号';
const refused = (msg: string): PandaResult => ({ status: 0, msg, tips: '' });
const alreadyBound = (name: string) => refused(`已绑定合作平台账号 ${name}，请先解绑`);
const TAKEN = '该合作平台账号已绑定其他账号';

export async function bindingOf(d: PartnerDeps, s: TenantScope): Promise<PandaBinding> {
  return (await findBinding(d.db, s)) ?? { bound: false, user_name: '', origin: '', bound_at: '' };
}

/** The bound account's one-time login link, as a result with `msg`. */
async function linkFor(d: PartnerDeps, partnerUser: string, msg: string): Promise<PandaResult> {
  const link = await d.partner.loginLink(partnerUser);
  if (!link.ok) return refused(link.msg);
  return { status: 1, msg, tips: link.data.url };
}

/** Writes the binding; a refusal when the caller or the account was bound meanwhile (a race lost). */
async function bindOnce(
  d: PartnerDeps,
  s: TenantScope,
  partnerUser: string,
  origin: 'bind' | 'register',
): Promise<PandaResult | undefined> {
  if (await insertBinding(d.db, s, partnerUser, origin)) return undefined;
  const now = await findBinding(d.db, s);
  if (now?.user_name === partnerUser) return undefined;
  return now ? alreadyBound(now.user_name) : refused(TAKEN);
}

/** Binds after the partner platform accepts the password; a repeat of the same bind answers again. */
export async function bindPanda(d: PartnerDeps, s: TenantScope, body: PandaBindBody): Promise<PandaResult> {
  const current = await findBinding(d.db, s);
  if (current && current.user_name !== body.user_name) return alreadyBound(current.user_name);
  if (!current) {
    const checked = await d.partner.verify(body.user_name, body.password);
    if (!checked.ok) return refused(checked.msg);
    const holder = await holderOf(d.db, checked.data.user_name);
    if (holder !== undefined && holder !== s.userId) return refused(TAKEN);
    const lost = await bindOnce(d, s, checked.data.user_name, 'bind');
    if (lost) return lost;
    return linkFor(d, checked.data.user_name, '绑定成功');
  }
  // bound to this account already (a retry): the password is checked again before a new link
  const checked = await d.partner.verify(body.user_name, body.password);
  if (!checked.ok) return refused(checked.msg);
  return linkFor(d, current.user_name, '绑定成功');
}

/** 快速注册: the partner platform makes an account for this product user, bound at once. */
export async function registerPanda(d: PartnerDeps, s: TenantScope, userName: string): Promise<PandaResult> {
  const current = await findBinding(d.db, s);
  if (current) return alreadyBound(current.user_name);
  // the same external id finds the same account again, so a retry creates no second one
  const made = await d.partner.register(`${d.site}:${s.userId}`, userName);
  if (!made.ok) return refused(made.msg);
  const lost = await bindOnce(d, s, made.data.user_name, 'register');
  if (lost) return lost;
  return linkFor(d, made.data.user_name, '注册成功，已绑定');
}

/** fast_login_panda: a one-time login link for the bound account. */
export async function loginPanda(d: PartnerDeps, s: TenantScope): Promise<PandaResult> {
  const current = await findBinding(d.db, s);
  if (!current) return refused(NOT_BOUND);
  return linkFor(d, current.user_name, '登录链接已生成');
}

export async function unbindPanda(d: PartnerDeps, s: TenantScope): Promise<string> {
  const was = await deleteBinding(d.db, s);
  if (!was) throw new ConflictError(NOT_BOUND);
  return was;
}
