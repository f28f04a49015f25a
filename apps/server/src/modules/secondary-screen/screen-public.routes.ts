import { IDLE_SCREEN, type ScreenState, screenTokenQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { releaseDbSlot } from '../../plugins/db-gate.ts';
import type { ScreenEvent } from './screen-bus.ts';
import { lastState, publicInfo, type ScreenDeps, storeOfToken } from './secondary-screen.service.ts';

const TAGS = ['副屏'];
/** The browser's Last-Event-ID (a reconnecting screen): a replay id, else undefined (start afresh). */
function lastEventId(v: string | string[] | undefined): number | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || s === '') return undefined;
  const n = Number(s);
  if (!/^\d{1,16}$/.test(s) || !Number.isSafeInteger(n)) throw new BadInputError('副屏消息序号无效');
  return n;
}

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** How often an open stream re-checks its link (a missed 停用 still ends it within this). */
const RECHECK_MS = 60_000;
const PUBLIC = { auth: { public: true }, rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The public screen page's calls (/screen/<token>, no login, decision 191): what to show while idle, and
 * a stream (server-sent events) of the 收银台's states for the token's store. Only the screens' own topic
 * feeds the stream: no console frame reaches it. A stopped or regenerated link ends the stream at once
 * (event `revoked`); a bad token is 40004 in Chinese.
 */
export async function screenPublicRoutes(app: FastifyInstance, d: ScreenDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // open streams end when the app closes (a test's app, or a server shutting down)
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });

  r.get(
    '/secondary_screen_public',
    {
      schema: {
        summary: '副屏：门店名称与轮播素材（公开，凭副屏链接）',
        tags: TAGS,
        querystring: screenTokenQuery,
      },
      config: PUBLIC,
    },
    async (req) => ok(await publicInfo(d, req.query.token)),
  );

  r.get(
    '/secondary_screen_stream',
    {
      schema: {
        summary: '副屏：收银台显示内容的实时推送（text/event-stream；事件 state、revoked）',
        tags: TAGS,
        querystring: screenTokenQuery,
      },
      config: PUBLIC,
    },
    async (req, reply) => {
      const { token } = req.query;
      const nid = await storeOfToken(d, token);
      const after = lastEventId(req.headers['last-event-id']);
      // listen before reading what was missed: what arrives meanwhile waits in `queue` (decision 198)
      let queue: { e: ScreenEvent; id?: number }[] | undefined = [];
      const unsubscribe = d.bus.subscribe(nid, (e, id) => (queue ? queue.push({ e, id }) : deliver(e, id)));
      let missed: Awaited<ReturnType<ScreenDeps['bus']['since']>>;
      let first: ScreenState | undefined;
      try {
        missed = await d.bus.since(nid, after);
        // a fresh screen, or one back after the store's log expired: the current state
        if (after === undefined || (!missed.entries.length && !(await d.bus.since(nid)).head))
          first = (await lastState(d, nid)) ?? IDLE_SCREEN;
      } catch (e) {
        unsubscribe();
        throw e;
      }
      // the stream stays open without using the database: give the gate its slot back
      releaseDbSlot(req);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      // `id:` is what the browser's EventSource sends back as Last-Event-ID when it reconnects
      const send = (event: string, data: unknown, id?: number) => {
        if (!res.writableEnded)
          res.write(
            `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
          );
      };
      let lastSent = after ?? missed.head;
      function deliver(e: ScreenEvent, id?: number) {
        if (id !== undefined) {
          if (id <= lastSent) return;
          lastSent = id;
        }
        if (e.kind === 'state') send('state', e.state, id);
        // a regenerated link ends the old one; this stream's own token may still be the live one
        else
          void storeOfToken(d, token).then(
            () => undefined,
            () => revoked(),
          );
      }
      let closed = false;
      const end = () => {
        if (closed) return;
        closed = true;
        open.delete(end);
        unsubscribe();
        clearInterval(beat);
        clearInterval(recheck);
        res.end();
      };
      const revoked = () => {
        send('revoked', { msg: '副屏链接已停用或已更换' });
        end();
      };
      const beat = setInterval(() => !res.writableEnded && res.write(': ping\n\n'), HEARTBEAT_MS);
      const recheck = setInterval(() => {
        void storeOfToken(d, token).catch(() => revoked());
      }, RECHECK_MS);
      beat.unref();
      recheck.unref();
      req.raw.on('close', end);
      open.add(end);
      if (first) send('state', first, missed.head);
      for (const m of missed.entries) deliver(m.e, m.id);
      const waiting = queue ?? [];
      queue = undefined;
      for (const m of waiting) deliver(m.e, m.id);
    },
  );
}
