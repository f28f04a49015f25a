import {
  type BusinessLoginBody,
  LEGACY_MSG,
  type LegacyLoginResult,
  type LegacyStore,
} from '@netbar/contract';
import { BadInputError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';
import { type LegacyConnector, SourceError } from './connector.ts';

/**
 * The source login (decision 194): the console user's login to the old product. Only its session token
 * and store list are kept, server-side, in the kv store under the console user for 30 minutes; the
 * password is passed through to the connector and neither stored nor logged.
 */

export interface LoginDeps {
  kv: KvStore;
  connector: LegacyConnector;
}
export interface LoginState {
  product: number;
  account: string;
  token: string;
  stores: LegacyStore[];
}

const TTL_SECONDS = 30 * 60;
const keyOf = (userId: number) => `legacy-import:login:${userId}`;

/** A source failure as the console's bad-input answer (its Chinese message), never a 500. */
export async function fromSource<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof SourceError) throw new BadInputError(e.message);
    throw e;
  }
}

export async function sourceLogin(
  deps: LoginDeps,
  userId: number,
  b: Omit<BusinessLoginBody, 'product'> & { product: number },
): Promise<LegacyLoginResult> {
  return fromSource(async () => {
    if (b.send_sms === '1') {
      const a = await deps.connector.sendSms(b.product, b.user_name);
      return { code: a.code, msg: a.msg, data: a.wait === undefined ? null : { wait: a.wait } };
    }
    const a = await deps.connector.login({
      product: b.product,
      variant: b.variant,
      account: b.user_name,
      password: b.password,
      imgCode: b.code,
      smsCode: b.sms_code,
    });
    if (a.code === 0 && a.token) {
      const state: LoginState = {
        product: b.product,
        account: b.user_name,
        token: a.token,
        stores: a.stores ?? [],
      };
      await deps.kv.set(keyOf(userId), state, TTL_SECONDS);
      return { code: 0, msg: a.msg || '登录成功', data: state.stores };
    }
    if (a.code === 5)
      return { code: 5, msg: a.msg, data: { image: await deps.connector.imageCode(b.product, b.user_name) } };
    return { code: a.code === 0 ? 1 : a.code, msg: a.msg, data: null };
  });
}

export const imageCode = (deps: LoginDeps, product: number, account: string) =>
  fromSource(() => deps.connector.imageCode(product, account));

export const clearLogin = (deps: LoginDeps, userId: number) => deps.kv.del(keyOf(userId));

/** The live source login of the caller (of `product` when given), or 请先登录旧系统账号. */
export async function loginOf(deps: LoginDeps, userId: number, product?: number): Promise<LoginState> {
  const s = await deps.kv.get<LoginState>(keyOf(userId));
  if (!s || (product !== undefined && s.product !== product)) throw new BadInputError(LEGACY_MSG.loginFirst);
  return s;
}

/** The account's stores, read again from the source (and kept for the import calls' check). */
export async function sourceStores(deps: LoginDeps, userId: number): Promise<LegacyStore[]> {
  const s = await loginOf(deps, userId);
  const stores = await fromSource(() => deps.connector.stores(s.token));
  await deps.kv.set(keyOf(userId), { ...s, stores }, TTL_SECONDS);
  return stores;
}
