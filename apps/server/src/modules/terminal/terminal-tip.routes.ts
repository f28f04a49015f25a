import { ConsoleKind, terminalTipBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { staffForTips, tipFromTerminal } from '../tip/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';
import type { TerminalHub } from './terminal-hub.ts';

/**
 * 打赏 from a PC (decision 148), beneath the terminal authentication hook: the staff a member may tip,
 * and the tip of the member logged on at the machine (本金 only, once per request_id). A new tip is
 * announced to the store's consoles (TIP) after the commit; a failed announcement never fails the tip.
 */
export async function terminalTipRoutes(app: FastifyInstance, opts: { hub: TerminalHub }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const doc = (summary: string) => ({ summary, tags: TERMINAL_TAGS, security: TERMINAL_SECURITY });

  r.get(
    '/terminal_tip_staff',
    { schema: doc('可打赏的本店员工（编号、姓名、岗位）'), config: TERMINAL_CALL },
    async (req) => ok(await staffForTips(db, terminalScopeOf(req))),
  );

  r.post(
    '/terminal_tip',
    {
      schema: { ...doc('打赏 TIP：本机上机会员从本金打赏员工（request_id 幂等）'), body: terminalTipBody },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const s = terminalScopeOf(req);
      const res = await tipFromTerminal(db, s, req.body);
      if (!res.replay) {
        const t = res.tip;
        const msg = { type: ConsoleKind.TIP, id: t.id, staff_name: t.staff_name, member_name: t.member_name };
        await opts.hub
          .publish({
            netbarId: s.netbarId,
            msg: { ...msg, machine: t.machine_name, amount_fen: t.amount_fen },
          })
          .catch((e: unknown) => req.log.error({ err: e }, 'tip announcement'));
      }
      return ok(
        { id: res.tip.id, ref_no: res.tip.ref_no, replay: res.replay, principal_after: res.principal_after },
        res.replay ? '打赏已处理过' : '打赏成功',
      );
    },
  );
}
