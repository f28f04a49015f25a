import type { PaymentRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../db/client.ts';
import { type NoticeSender, paymentsOf } from '../modules/payment/index.ts';
import type { Client } from './harness.ts';

/** Payment calls as the console makes them: JSON with the bearer token, no cookie. */
export const c1 = <T = PaymentRow>(
  c: Client,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown> = {},
) => c.request<T>(method, `/api/c1/${path}`, body, { json: true, bearer: true });

let seq = 0;
/** A fresh request id. */
export const payRid = () => `pay-${Date.now()}-${++seq}`;

/** The sandbox's sender for tests: posts to our notification endpoint in process. */
export const injectSender =
  (app: FastifyInstance): NoticeSender =>
  async (url, headers, body) => {
    const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
    return { http: res.statusCode, body: res.body };
  };

/** The notification endpoint answering a (signed or forged) notification. */
export async function postNotice(
  app: FastifyInstance,
  n: { headers: Record<string, string>; body: string },
  provider = 'sandbox',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/c1/notify/${provider}`,
    headers: n.headers,
    payload: n.body,
  });
  return {
    http: res.statusCode,
    body: JSON.parse(res.body) as { status: number; msg: string; code: string },
  };
}

export async function paymentState(app: FastifyInstance, no: string) {
  return (
    await rows<{
      status: string;
      paid_at: Date | null;
      provider_txn_id: string | null;
      refunded_fen: number;
      duplicate: boolean;
    }>(
      app.deps.db,
      sql`select status, paid_at, provider_txn_id, refunded_fen::float8 as refunded_fen, duplicate from payments where payment_no = ${no}`,
    )
  )[0]!;
}

export async function notificationOutcomes(app: FastifyInstance, no: string) {
  const r = await rows<{ outcome: string; n: number }>(
    app.deps.db,
    sql`select outcome, count(*)::int as n from payment_notifications where payment_no = ${no} group by 1`,
  );
  return Object.fromEntries(r.map((x) => [x.outcome, Number(x.n)]));
}

/**
 * The race of issue 16: `n` notifications of one paid sandbox payment arrive at once, each freshly
 * signed (distinct nonces) or the very same bytes (`sameNonce`). The payment must be settled once.
 */
export async function notifyRace(app: FastifyInstance, no: string, n = 10, sameNonce = false) {
  const sb = paymentsOf(app.deps).sandbox;
  const one = sameNonce ? await sb.notice(no) : undefined;
  const notices = await Promise.all(Array.from({ length: n }, () => (one ? one : sb.notice(no))));
  const answers = await Promise.all(notices.map((x) => postNotice(app, x)));
  return {
    accepted: answers.filter((a) => a.http === 200 && a.body.code === 'SUCCESS').length,
    refused: answers.filter((a) => a.http !== 200).length,
    state: await paymentState(app, no),
    outcomes: await notificationOutcomes(app, no),
  };
}
