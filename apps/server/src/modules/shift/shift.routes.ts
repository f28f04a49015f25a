import {
  PERM,
  shiftApproveBody,
  shiftHandoverBody,
  shiftOpenBody,
  shiftPettyBody,
  shiftSettingsBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, retriedWrite, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  approve,
  cashiers,
  current,
  openShift,
  petty,
  readSettings,
  writeSettings,
} from './shift.service.ts';
import { handover } from './shift-handover.service.ts';

/**
 * The cashier's own shift (decision 126): open with a float, petty cash, handover. A cashier needs the
 * shopping-orders grant 264 (the counter); the owner has everything. Approval of an over/short and the
 * cloud-billing handover settings (10508) are the owner's.
 */
export async function shiftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const COUNTER = storeAccess(PERM.CASHIER, PERM.ORDER_LIST);
  const SETTINGS = storeAccess(PERM.CLOUD_BILLING_HANDOVER, PERM.CASHIER, PERM.ORDER_LIST);
  const TAGS = ['交班'];

  r.get(
    '/shift_current',
    { schema: { summary: '我的当前班次（备用金、流水汇总、应有现金）', tags: TAGS }, config: COUNTER },
    async (req) => ok(await current(db, storeScopeOf(req), actorOf(req))),
  );

  r.post(
    '/shift_open',
    {
      schema: { summary: '开班（清点备用金；request_id 幂等）', tags: TAGS, body: shiftOpenBody },
      config: COUNTER,
    },
    retriedWrite(db, openShift, { done: '开班成功', replayed: '该班次已开班' }),
  );

  r.post(
    '/shift_petty',
    {
      schema: { summary: '备用金存入、取出或支出（须填原因）', tags: TAGS, body: shiftPettyBody },
      config: COUNTER,
    },
    retriedWrite(db, petty, { done: '操作成功', replayed: '该操作已处理' }),
  );

  r.get(
    '/shift_cashiers',
    // also the 收银员 filter of the 租赁柜台's 租用中 list (2644)
    {
      schema: { summary: '可接班人员（店主与本店员工）', tags: TAGS },
      config: storeAccess(PERM.CASHIER, PERM.ORDER_LIST, PERM.LEASE_COUNTER),
    },
    async (req) => ok(await cashiers(db, storeScopeOf(req))),
  );

  r.post(
    '/shift_handover',
    {
      schema: {
        summary: '交班（按面额点钞、长短款原因、结转订单、接班人；request_id 幂等）',
        tags: TAGS,
        body: shiftHandoverBody,
      },
      config: COUNTER,
    },
    retriedWrite(db, handover, { done: '交班成功', replayed: '该班次已交班' }),
  );

  r.post(
    '/shift_approve',
    {
      schema: { summary: '审批交班长短款（店主）', tags: TAGS, body: shiftApproveBody },
      config: storeAccess(PERM.SHIFT_RECORD),
    },
    async (req) => {
      const res = await approve(db, storeScopeOf(req), actorOf(req).name, req.body);
      return ok(res, req.body.approve ? '已审批通过' : '已驳回');
    },
  );

  r.get(
    '/shift_settings',
    { schema: { summary: '云计费交班设置', tags: TAGS }, config: SETTINGS },
    async (req) => ok(await readSettings(db, storeScopeOf(req))),
  );

  r.post(
    '/shift_settings_save',
    {
      schema: {
        summary: '保存云计费交班设置（自动交班时间、是否点钞、长短款审批）',
        tags: TAGS,
        body: shiftSettingsBody,
      },
      config: storeAccess(PERM.CLOUD_BILLING_HANDOVER),
    },
    async (req) => ok(await writeSettings(db, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );
}
