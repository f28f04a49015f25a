/**
 * The partner platform as the passport sees it (decision 195): check an account's password, create an
 * account for a product user, and issue a one-time login link. Spoken over HTTP JSON to `<base>/partner/*`
 * (the legacy simulator in development and tests, `tools/legacy-sim/partner.ts`). Every answer is
 * `{code, msg, data}`, code 0 success.
 */

export interface PartnerClient {
  /** Whether the account exists with this password (the MD5 hex the browser sent). */
  verify(userName: string, passwordMd5: string): Promise<PartnerAnswer<{ user_name: string }>>;
  /** Create (or, for the same external id, find again) an account; its name is derived from `hint`. */
  register(externalId: string, hint: string): Promise<PartnerAnswer<{ user_name: string }>>;
  /** A one-time link that logs `userName` in on the partner platform. */
  loginLink(userName: string): Promise<PartnerAnswer<{ url: string }>>;
}

export type PartnerAnswer<T> = { ok: true; data: T } | { ok: false; msg: string };

export const PARTNER_UNREACHABLE = '合作平台暂时无法连接，请稍后再试';
const TIMEOUT_MS = 10_000;

interface Raw {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

/** The HTTP client over `base` (e.g. http://127.0.0.1:4610). A failure to reach it is an answer too. */
export function httpPartnerClient(base: string): PartnerClient {
  const root = base.replace(/\/+$/, '');
  async function call<T>(path: string, body: Record<string, string>): Promise<PartnerAnswer<T>> {
    let raw: Raw;
    try {
      const res = await fetch(`${root}/partner/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      raw = (await res.json()) as Raw;
    } catch {
      return { ok: false, msg: PARTNER_UNREACHABLE };
    }
    if (raw && raw.code === 0 && raw.data && typeof raw.data === 'object') {
      return { ok: true, data: raw.data as T };
    }
    const msg = typeof raw?.msg === 'string' && raw.msg ? raw.msg : PARTNER_UNREACHABLE;
    return { ok: false, msg };
  }
  return {
    verify: (user_name, password) => call('verify', { user_name, password }),
    register: (external_id, hint) => call('register', { external_id, hint }),
    loginLink: async (user_name) => {
      const a = await call<{ url: string }>('login_link', { user_name });
      // the platform may answer a path: it is on the platform, so resolve it against its address
      return a.ok ? { ok: true, data: { url: new URL(a.data.url, `${root}/`).toString() } } : a;
    },
  };
}
