import type { LegacyStore } from '@netbar/contract';
import {
  type LegacyCollection,
  type LegacyConnector,
  type LegacyGoods,
  type LegacyMember,
  type LegacySummary,
  type LoginAnswer,
  SourceError,
} from './connector.ts';

/** The connector protocol over HTTP (docs/legacy-connectors.md). `base` is LEGACY_IMPORT_URL. */

const TIMEOUT_MS = 30_000;
const PAGE = 2000;

interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

export function httpConnector(base: string): LegacyConnector {
  const root = base.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, opt: { token?: string; body?: unknown } = {}) {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          ...(opt.body ? { 'content-type': 'application/json' } : {}),
          ...(opt.token ? { authorization: `Bearer ${opt.token}` } : {}),
        },
        body: opt.body ? JSON.stringify(opt.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new SourceError('无法连接旧系统，请稍后再试');
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new SourceError(`旧系统应答无法识别（HTTP ${res.status}）`);
    }
    if (res.status === 401) throw new SourceError('旧系统登录已过期，请重新登录');
    if (res.status === 404) throw new SourceError(String(env.msg || '旧系统中没有该门店'));
    if (res.status >= 400) throw new SourceError(`旧系统拒绝了请求：${String(env.msg).slice(0, 100)}`);
    return env;
  }

  async function* pages<T>(token: string, path: string): AsyncGenerator<T[]> {
    let cursor: string | null = '';
    while (cursor !== null) {
      const env: Envelope<{ items: T[]; next_cursor: string | null }> = await call(
        'GET',
        `${path}?cursor=${encodeURIComponent(cursor)}&limit=${PAGE}`,
        { token },
      );
      if (env.code !== 0 || !env.data) throw new SourceError(String(env.msg || '旧系统数据读取失败'));
      yield env.data.items;
      cursor = env.data.next_cursor;
    }
  }

  const answer = (env: Envelope<{ token?: string; stores?: LegacyStore[]; wait?: number }>): LoginAnswer => {
    const code = [0, 1, 2, 3, 4, 5].includes(env.code) ? (env.code as LoginAnswer['code']) : 1;
    return {
      code,
      msg: String(env.msg ?? ''),
      token: env.data?.token,
      stores: env.data?.stores,
      wait: env.data?.wait,
    };
  };

  return {
    async login(i) {
      const env = await call<{ token?: string; stores?: LegacyStore[] }>('POST', '/v1/login', {
        body: {
          product: i.product,
          variant: i.variant,
          account: i.account,
          password: i.password,
          img_code: i.imgCode,
          sms_code: i.smsCode,
        },
      });
      return answer(env);
    },
    async sendSms(product, account) {
      return answer(await call('POST', '/v1/sms', { body: { product, account } }));
    },
    async imageCode(product, account) {
      const q = new URLSearchParams({ product: String(product), account });
      const env = await call<{ image: string }>('GET', `/v1/captcha?${q}`);
      if (!env.data?.image) throw new SourceError('旧系统没有返回图片验证码');
      return env.data.image;
    },
    async stores(token) {
      return (await call<LegacyStore[]>('GET', '/v1/stores', { token })).data ?? [];
    },
    async summary(token, store) {
      const env = await call<LegacySummary>('GET', `/v1/stores/${store}/summary`, { token });
      if (!env.data) throw new SourceError('旧系统没有返回汇总');
      return env.data;
    },
    members: (token, store) => pages<LegacyMember>(token, `/v1/stores/${store}/members`),
    goods: (token, store) => pages<LegacyGoods>(token, `/v1/stores/${store}/goods`),
    collections: (token, store) => pages<LegacyCollection>(token, `/v1/stores/${store}/collections`),
  };
}
