import { ackBody, TERMINAL_MSG, UserType, wsQuery } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError, ForbiddenError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { releaseDbSlot } from '../../plugins/db-gate.ts';
import { actorOf, guardStore, storeScopeOf } from '../../tenant/index.ts';
import type { TerminalService } from './terminal.service.ts';
import type { TerminalHub } from './terminal-hub.ts';
import { type LiveConn, openConsoleSocket } from './terminal-socket.ts';

/** Any user of the store (a netbar or its staff): the cashier on duty hears the calls. */
const STORE = { auth: { types: [UserType.Netbar, UserType.NetbarStaff] } };
const TAGS = ['实时消息'];

/** A browser's upgrade must come from our own pages (the CSRF rule's Origin check, decision 003). */
function ownOrigin(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const o = new URL(origin);
    return o.host === req.headers.host || (!!publicUrl && o.origin === new URL(publicUrl).origin);
  } catch {
    return false;
  }
}

export interface ConsoleRouteOptions {
  svc: TerminalService;
  hub: TerminalHub;
  live: Set<LiveConn>;
}

/** The console side of the live channel: the WebSocket, the pending list and acknowledgement. */
export async function terminalConsoleRoutes(app: FastifyInstance, opts: ConsoleRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  // An upgrade refused before it reached the socket handler (no session, wrong user type, store or
  // Origin) has had its HTTP answer: close the connection, which Node no longer manages after 'upgrade'.
  app.addHook('onResponse', async (req) => {
    if (String(req.headers.upgrade).toLowerCase() === 'websocket' && !req.raw.socket.destroyed)
      req.raw.socket.destroy();
  });

  r.route({
    method: 'GET',
    url: '/ws',
    schema: {
      summary:
        '实时消息通道（WebSocket；门店账号的会话 Cookie；消息类型 PING 1、BUY 2、BUY_DONE 3、CALL 4、CALL_DOWN 5、ALL 6；控制台专用扩展 SEATS 101：机器状态变化，重新读取机位图）；每条消息带本店序号 seq，重连时以 after=最后序号 补发其后的消息',
      tags: TAGS,
      querystring: wsQuery,
    },
    config: STORE,
    preHandler: async (req) => {
      if (!ownOrigin(req, app.deps.config.PUBLIC_URL)) throw new ForbiddenError('拒绝跨站请求');
      // the socket stays open without using the database: give the gate its slot back
      if (req.ws) releaseDbSlot(req);
    },
    handler: async () => {
      throw new BadInputError(TERMINAL_MSG.wsOnly);
    },
    wsHandler: (socket, req) => openConsoleSocket(app, socket, req, opts),
  });

  r.get(
    '/terminal_message_pending',
    { schema: { summary: '待处理的座位订单与呼叫（本门店）', tags: TAGS }, config: STORE },
    async (req) => ok({ list: await opts.svc.pending(storeScopeOf(req)) }),
  );

  r.post(
    '/terminal_message_ack',
    {
      schema: { summary: '处理座位订单或呼叫（BUY_DONE / CALL_DOWN 回传到机器）', tags: TAGS, body: ackBody },
      config: STORE,
    },
    async (req) => {
      const { row, fresh } = await opts.svc.ack(storeScopeOf(req), req.body.id, actorOf(req));
      return ok(row, fresh ? '已处理' : '该消息已处理过');
    },
  );
}
