import { CONTROL_CHARS_MSG, hasControlChars, ID_MAX, MSG } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BadInputError } from '../lib/errors.ts';

/** Keys that name database ids (int columns); request_id is a caller's string and not one of them. */
const ID_KEY = /^(id|ids|nid|pid|cid|(?!request_)[a-z]+(_[a-z]+)*_ids?)$/;

/** The first problem in a value: a control character anywhere, or an id beyond ID_MAX. */
function problem(v: unknown, key: string, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (typeof v === 'string') {
    if (hasControlChars(v) || hasControlChars(key)) return CONTROL_CHARS_MSG;
    if (ID_KEY.test(key) && /^\s*-?\d+\s*$/.test(v) && Math.abs(Number(v)) > ID_MAX) return MSG.badParam;
    return undefined;
  }
  if (typeof v === 'number') {
    if (ID_KEY.test(key) && Number.isFinite(v) && Math.abs(v) > ID_MAX) return MSG.badParam;
    return undefined;
  }
  if (Array.isArray(v)) {
    for (const x of v) {
      const p = problem(x, key, depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    for (const [k, x] of Object.entries(v)) {
      if (hasControlChars(k)) return CONTROL_CHARS_MSG;
      const p = problem(x, k, depth + 1);
      if (p) return p;
    }
  }
  return undefined;
}

/**
 * The backstop behind the contract's schemas (docs/decisions/051-input-bounds.md): before any route's
 * validation, a query, path or body value carrying a control character (NUL first), or an id-named
 * value beyond ID_MAX, is refused with 40000 and a Chinese message, so neither reaches SQL.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const p =
      problem(req.params, '') ?? problem(req.query, '') ?? problem(req.body, '') ?? urlProblem(req.url);
    if (p) throw new BadInputError(p);
  });
});

function urlProblem(url: string): string | undefined {
  try {
    return hasControlChars(decodeURIComponent(url)) ? CONTROL_CHARS_MSG : undefined;
  } catch {
    return undefined;
  }
}
