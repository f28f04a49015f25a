import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET calls that change state anyway because the spec names them GET (logout, unbind). */
export const STATE_CHANGING_GETS = new Set([
  '/api/v1/logout',
  '/api/v1/unBind_panda',
  // agent business (issue 5): named GET by the spec, they bind a netbar and pay or cancel an order
  '/api/v1/agent_netbar_bind',
  '/api/v1/agent_consumption_pay',
  '/api/v1/agent_consumption_cancel',
  // opening a notice marks it read
  '/api/v1/notice_detail',
]);

/**
 * Whether a request changes state. Judged by the matched route (`routeOptions.url`), never by the raw
 * URL, so a trailing slash or a percent-encoded path cannot slip past the CSRF rule or the log.
 */
export function isStateChanging(req: FastifyRequest): boolean {
  if (!SAFE.has(req.method)) return true;
  return req.method === 'GET' && STATE_CHANGING_GETS.has(req.routeOptions.url ?? '');
}

function sameOrigin(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const o = new URL(origin);
    if (o.host === req.headers.host) return true;
    return allowed.includes(o.origin);
  } catch {
    return false;
  }
}

/**
 * CSRF rule of docs/decisions/003-csrf.md, for the cookie-authenticated passport service: a
 * state-changing request must carry `X-Requested-With: XMLHttpRequest` (a cross-site form cannot),
 * must not be marked `Sec-Fetch-Site: cross-site`, and its Origin, when sent, must be ours.
 */
export function csrfHook(_app: FastifyInstance, allowedOrigins: readonly string[]) {
  return async (req: FastifyRequest) => {
    if (!isStateChanging(req)) return;
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenError('拒绝跨站请求');
    if (!sameOrigin(req, allowedOrigins)) throw new ForbiddenError('拒绝跨站请求');
    if (req.headers['x-requested-with'] !== 'XMLHttpRequest')
      throw new ForbiddenError('请求缺少安全标识，请刷新页面后重试');
  };
}
