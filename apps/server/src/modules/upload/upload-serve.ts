import type { FastifyInstance } from 'fastify';
import { type ByteRange, UnsatisfiableRange } from '../../lib/storage.ts';

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else is ignored (the whole object is sent). */
function parseRange(h: string | undefined): ByteRange | { suffix: number } | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(h ?? '');
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : undefined;
  return end !== undefined && end < start ? undefined : { start, end };
}

/**
 * GET <base><name> from object storage (decision 200): the type it was stored with, cached for a year (a
 * name is the content's hash), with byte ranges for the secondary screen's videos. Absent: 404 in Chinese.
 */
export function serveStored(app: FastifyInstance, base: string) {
  const { storage } = app.deps;
  app.get<{ Params: { name: string } }>(
    `${base}:name`,
    { schema: { hide: true }, config: { auth: { public: true } } },
    async (req, reply) => {
      const name = req.params.name;
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name) || name.includes('..'))
        return reply.code(404).send({ status: 40004, msg: '文件不存在', data: null });
      let asked = parseRange(req.headers.range);
      if (asked && 'suffix' in asked) {
        // a suffix needs the size first
        const head = await storage.get('uploads', name, { start: 0, end: 0 }).catch(() => undefined);
        head?.body.destroy();
        asked = head ? { start: Math.max(0, head.total - asked.suffix) } : undefined;
      }
      let o: Awaited<ReturnType<typeof storage.get>>;
      try {
        o = await storage.get('uploads', name, asked as ByteRange | undefined);
      } catch (e) {
        if (!(e instanceof UnsatisfiableRange)) throw e;
        return reply.code(416).header('content-range', 'bytes */*').send();
      }
      if (!o) return reply.code(404).send({ status: 40004, msg: '文件不存在', data: null });
      reply
        .header('content-type', o.type)
        .header('content-length', String(o.size))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (o.range)
        reply.code(206).header('content-range', `bytes ${o.range.start}-${o.range.end}/${o.total}`);
      return reply.send(o.body);
    },
  );
}
