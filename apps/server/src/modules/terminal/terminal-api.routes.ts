import {
  type BuyPayload,
  terminalAcksQuery,
  terminalBuyBody,
  terminalCallBody,
  terminalStateBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { releaseDbSlot } from '../../plugins/db-gate.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { expireDueReservations } from '../venue/index.ts';
import { storeMachines } from './terminal.repo.ts';
import type { TerminalService } from './terminal.service.ts';
import { terminalActivityRoutes } from './terminal-activity.routes.ts';
import { terminalAuthHook } from './terminal-auth.ts';
import { terminalDesktopRoutes } from './terminal-desktop.routes.ts';
import { terminalGameRoutes } from './terminal-game.routes.ts';
import type { TerminalHub } from './terminal-hub.ts';
import { terminalSessionRoutes } from './terminal-session.routes.ts';
import { terminalTipRoutes } from './terminal-tip.routes.ts';
import { terminalTopupRoutes } from './terminal-topup.routes.ts';

/** Every terminal call: no console session (public to the session hook), the server key instead. */
export const TERMINAL_CALL = { auth: { public: true }, oplog: false } as const;
export const TERMINAL_TAGS = ['终端接口'];
/** OpenAPI: both headers (components.securitySchemes in plugins/swagger.ts). */
export const TERMINAL_SECURITY = [{ serverKey: [], netbarId: [] }];
const doc = (summary: string) => ({ summary, tags: TERMINAL_TAGS, security: TERMINAL_SECURITY });

/**
 * The terminal API of the store's server and its PCs (docs/decisions/110): machine states, seat orders
 * (BUY), service calls (CALL) and the acknowledgement feed (BUY_DONE, CALL_DOWN, ALL) as a long-poll.
 */
export async function terminalApiRoutes(
  app: FastifyInstance,
  opts: { svc: TerminalService; hub: TerminalHub },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { svc, hub } = opts;
  app.addHook('onRequest', terminalAuthHook(app));
  await app.register(terminalSessionRoutes);
  await app.register(terminalTipRoutes, { hub });
  await app.register(terminalTopupRoutes);
  await app.register(terminalActivityRoutes);
  await app.register(terminalGameRoutes);
  await app.register(terminalDesktopRoutes);

  r.post(
    '/terminal_machine_state',
    {
      schema: { ...doc('上报机器状态（空闲/离线/故障，一次最多1000台）'), body: terminalStateBody },
      config: TERMINAL_CALL,
    },
    async (req) => ok(await svc.reportStates(terminalScopeOf(req), req.body), '已接收'),
  );

  r.get(
    '/terminal_machines',
    { schema: doc('本门店的机器列表（编号、名称、区域、状态；不含会员信息）'), config: TERMINAL_CALL },
    async (req) => {
      const s = terminalScopeOf(req);
      // a reservation past its time is 空闲 again before it is read (decision 102)
      await expireDueReservations(app.deps.db, s.netbarId);
      const list = await storeMachines(app.deps.db, s);
      return ok({ list, count: list.length });
    },
  );

  r.post(
    '/terminal_buy',
    { schema: { ...doc('座位订单 BUY：推送到本门店控制台'), body: terminalBuyBody }, config: TERMINAL_CALL },
    async (req) => {
      const { row, fresh } = await svc.buy(terminalScopeOf(req), req.body);
      // the order it became (decision 134): its number, the store's total, and whether the balance paid it
      const { order_id, order_no, total_fen, paid } = row.payload as BuyPayload;
      const order = order_id ? { order_id, order_no, total_fen, paid } : {};
      return ok({ id: row.id, replay: !fresh, ...order }, fresh ? '订单已发送' : '订单已发送过');
    },
  );

  r.post(
    '/terminal_call',
    {
      schema: { ...doc('呼叫网管 CALL：推送到本门店控制台'), body: terminalCallBody },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const { row, fresh } = await svc.call(terminalScopeOf(req), req.body);
      return ok({ id: row.id, replay: !fresh }, fresh ? '呼叫已发送' : '呼叫已发送过');
    },
  );

  r.get(
    '/terminal_acks',
    {
      schema: {
        ...doc('回执：after 之后的 BUY_DONE、CALL_DOWN 与 ALL 广播（wait 秒内有新回执即返回，长轮询）'),
        querystring: terminalAcksQuery,
      },
      config: TERMINAL_CALL,
    },
    async (req, reply) => {
      const s = terminalScopeOf(req);
      const { after, wait } = req.query;
      // listen before reading, so an acknowledgement committed in between still wakes this poll
      const stop = new AbortController();
      const woke = wait > 0 ? hub.waitForTerminal(s.netbarId, wait * 1000, stop.signal) : undefined;
      let list = await svc.acksAfter(s, after);
      if (!list.length && woke) {
        // sleep without holding the embedded database's gate; a caller that hangs up stops the wait
        releaseDbSlot(req);
        reply.raw.once('close', () => stop.abort());
        await woke;
        list = await svc.acksAfter(s, after);
      }
      stop.abort();
      return ok({ list, next: list.length ? list[list.length - 1]!.seq : after });
    },
  );
}
