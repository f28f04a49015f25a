import { terminalTopupBody, terminalTopupStatusQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { createCounterPay } from '../counter-pay/index.ts';
import { publicBase } from '../payment/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';

/**
 * 扫码充值 from a PC (decision 185), beneath the terminal authentication hook: the member logged on at the
 * machine tops up by a QR the PC shows (the store's 客户端 methods; request_id answers the first QR), and
 * the PC polls it until paid. The money settles through counter-pay's top-up intent, once.
 */
export async function terminalTopupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pay = createCounterPay(app.deps);
  const doc = (summary: string) => ({ summary, tags: TERMINAL_TAGS, security: TERMINAL_SECURITY });

  r.post(
    '/terminal_topup_scan',
    {
      schema: {
        ...doc('扫码充值：本机上机会员生成收款二维码（付款成功后入账一次；request_id 幂等）'),
        body: terminalTopupBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const caller = { userId: 0, publicBase: publicBase(req) };
      const res = await pay.clientTopup(terminalScopeOf(req), caller, req.body);
      return ok({ ...res.row, replay: res.replayed }, res.replayed ? '二维码已生成过' : '请扫码付款');
    },
  );

  r.get(
    '/terminal_topup_status',
    {
      schema: {
        ...doc('扫码充值状态：等待付款 / 充值成功（含余额）/ 已关闭'),
        querystring: terminalTopupStatusQuery,
      },
      config: TERMINAL_CALL,
    },
    async (req) => ok(await pay.clientTopupStatus(terminalScopeOf(req), req.query.payment_no)),
  );
}
