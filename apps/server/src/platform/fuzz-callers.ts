// The callers a fuzz run uses (fuzz-engine.ts): demo accounts logged in once, and for each
// operation the headers of one that gets past authentication and permission.
import type { FastifyInstance } from 'fastify';
import type { RouteInfo } from '../types.ts';

export interface Caller {
  type: number;
  perms: Set<number>;
  cookie: string;
  token: string;
}

/** Logs the given accounts in (fixed test captcha) and keeps what each needs to call the API. */
export async function loginCallers(
  app: FastifyInstance,
  users: { user_name: string; type: number }[],
  password: string,
  captcha: string,
): Promise<Caller[]> {
  const out: Caller[] = [];
  for (const u of users) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { ...u, password, captcha },
    });
    const body = JSON.parse(res.body) as {
      status: number;
      data: { token: string; auth: { path: { id: number }[] } };
    };
    if (body.status !== 200) throw new Error(`login ${u.user_name} failed`);
    const sid = res.cookies.find((c) => c.name === 'nb_sid')?.value ?? '';
    out.push({
      type: u.type,
      perms: new Set(body.data.auth.path.map((p) => p.id)),
      cookie: `nb_sid=${sid}`,
      token: body.data.token,
    });
  }
  return out;
}

/** Headers of a caller that gets past authentication and permission, so a case reaches validation. */
export function headersFor(
  routes: RouteInfo[],
  callers: Caller[],
  op: { method: string; url: string },
): Record<string, string> | undefined {
  const rule = routes.find((r) => r.method === op.method && r.url === op.url)?.auth;
  const base = { 'x-requested-with': 'XMLHttpRequest' };
  if (rule?.public) return base;
  const c = callers.find(
    (x) =>
      (!rule?.types || rule.types.includes(x.type as never)) &&
      (!rule?.perms || rule.perms.some((p) => x.perms.has(p))),
  );
  if (!c) return undefined;
  if (!op.url.startsWith('/api/v1/')) return { ...base, authorization: `Bearer ${c.token}` };
  return { ...base, cookie: c.cookie };
}
