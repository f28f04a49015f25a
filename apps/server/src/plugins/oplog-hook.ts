import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { opCallerOf } from '../tenant/index.ts';
import { isStateChanging } from './csrf.ts';
import { safeErrorLog } from './error-handler.ts';

const TARGET_KEYS = [
  'id',
  'ids',
  'nid',
  'netbar_id',
  'netbar_ids',
  'agent_id',
  'user_id',
  'bz_id',
  'goods_id',
  'doc_id',
  'user_name',
];

function targetOf(req: FastifyRequest): string {
  const src = {
    ...(req.query as object),
    ...(req.body && typeof req.body === 'object' ? (req.body as object) : {}),
  } as Record<string, unknown>;
  return TARGET_KEYS.filter((k) => src[k] !== undefined && src[k] !== '')
    .map((k) => `${k}=${Array.isArray(src[k]) ? (src[k] as unknown[]).join(',') : String(src[k])}`)
    .join(' ')
    .slice(0, 200);
}

function envelopeStatus(payload: unknown): number | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return (JSON.parse(payload) as { status?: number }).status;
  } catch {
    return undefined;
  }
}

/**
 * Writes one operation-log row for every state-changing call (POST, PUT, PATCH, DELETE and the GETs
 * the spec makes state-changing): who, tenant, IP, what (the route's Chinese summary), target and
 * result. A route that writes its own richer row sets `config: { oplog: false }`.
 */
export function oplogHook(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (req.is404) return payload;
    if (!isStateChanging(req)) return payload;
    if (req.routeOptions.config?.oplog === false) return payload;
    const status = envelopeStatus(payload);
    // A call without a session changed nothing and names nobody: not worth a row. Nor is one turned
    // away by the overload gate (503): writing it would load the database the gate protects.
    if (status === 40005 || status === 50300) return payload;
    const summary =
      (req.routeOptions.schema as { summary?: string } | undefined)?.summary ?? req.routeOptions.url ?? '';
    const entry = {
      action: summary.split(/[（(]/)[0]!.slice(0, 60),
      target: targetOf(req),
      result: (reply.statusCode < 400 && (status === 200 || status === 10000) ? 'success' : 'failure') as
        | 'success'
        | 'failure',
      detail: status !== 200 && status !== undefined ? `status=${status}` : '',
    };
    // The audit row must never turn an answer into an error: a throw here would make Fastify send
    // its own English body. Values are escaped by oplog.write; if the insert still fails, the
    // refusal itself is recorded without the caller's values, and failing that, logged.
    try {
      await app.deps.oplog.write(opCallerOf(req), entry);
    } catch (e) {
      try {
        await app.deps.oplog.write(opCallerOf(req), {
          ...entry,
          target: '',
          detail: `${entry.detail} 目标无法记录`.trim(),
        });
      } catch {
        req.log.error(safeErrorLog(e as FastifyError), '操作日志写入失败');
      }
    }
    return payload;
  };
}
