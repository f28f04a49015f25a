import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a balancer sends and every response carries (docs/decisions/193). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a balancer's id may look like: 8-128 letters, digits and . _ : - (HAProxy's unique-id, a UUID). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the balancer's, when it sent a well-formed one, so one id follows the call through
 * the balancer's log and ours; else a fresh UUID. Anything else (too long, spaces, control characters)
 * is never copied into a log line or a header.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}
