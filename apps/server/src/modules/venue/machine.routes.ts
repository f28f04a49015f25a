import {
  idParam,
  machineBulkBody,
  machineListQuery,
  machineMoveBody,
  machineSaveBody,
  machineStateBody,
  PERM,
  venueAreaSaveBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { listAreas } from './area.repo.ts';
import { findMachine, listMachines } from './machine.repo.ts';
import {
  bulkAddMachines,
  moveToArea,
  removeArea,
  removeMachine,
  saveArea,
  saveMachine,
  setManualState,
} from './machine.service.ts';

const idBody = z.object({ id: idParam });

/** Areas and machines of the store (application centre → 机位图 10518; the live map 4002 reads them). */
export async function machineRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const EDIT = storeAccess(PERM.MACHINE_POSITION_DIAGRAM);
  const READ = storeAccess(PERM.MACHINE_POSITION_DIAGRAM, PERM.DIAGRAM_DETAIL);
  const AREAS = ['区域'];
  const MACHINES = ['机器'];

  r.get('/venue_area_list', { schema: { summary: '区域列表', tags: AREAS }, config: READ }, async (req) => {
    const list = await listAreas(db, storeScopeOf(req));
    return ok({ list, page: 1, page_size: list.length, count: list.length });
  });

  r.post(
    '/venue_area_save',
    { schema: { summary: '保存区域（新增或编辑）', tags: AREAS, body: venueAreaSaveBody }, config: EDIT },
    async (req) => ok(await saveArea(db, storeScopeOf(req), req.body)),
  );

  r.post(
    '/venue_area_delete',
    { schema: { summary: '删除区域', tags: AREAS, body: idBody }, config: EDIT },
    async (req) => {
      await removeArea(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    '/machine_list',
    { schema: { summary: '机器列表', tags: MACHINES, querystring: machineListQuery }, config: READ },
    async (req) => ok(pager(req.query, await listMachines(db, storeScopeOf(req), req.query))),
  );

  r.get(
    '/machine_detail',
    { schema: { summary: '机器详情', tags: MACHINES, querystring: idBody }, config: READ },
    async (req) => {
      const m = await findMachine(db, storeScopeOf(req), req.query.id);
      if (!m) throw new NotFoundError('机器不存在');
      return ok(m);
    },
  );

  r.post(
    '/machine_save',
    { schema: { summary: '保存机器（新增或编辑）', tags: MACHINES, body: machineSaveBody }, config: EDIT },
    async (req) => ok(await saveMachine(db, storeScopeOf(req), req.body)),
  );

  r.post(
    '/machine_bulk_add',
    {
      schema: { summary: '批量添加机器（前缀+编号范围）', tags: MACHINES, body: machineBulkBody },
      config: EDIT,
    },
    async (req) => {
      const done = await bulkAddMachines(db, storeScopeOf(req), req.body);
      return ok(done, `已添加${done.count}台机器`);
    },
  );

  r.post(
    '/machine_move',
    { schema: { summary: '移动机器到其他区域', tags: MACHINES, body: machineMoveBody }, config: EDIT },
    async (req) =>
      ok({ count: await moveToArea(db, storeScopeOf(req), req.body.ids, req.body.area_id) }, '移动成功'),
  );

  r.post(
    '/machine_state',
    {
      schema: { summary: '设置机器状态（空闲、故障、停用）', tags: MACHINES, body: machineStateBody },
      config: READ,
    },
    async (req) =>
      ok({ count: await setManualState(db, storeScopeOf(req), req.body.ids, req.body.state) }, '设置成功'),
  );

  r.post(
    '/machine_delete',
    { schema: { summary: '删除机器', tags: MACHINES, body: idBody }, config: EDIT },
    async (req) => {
      await removeMachine(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );
}
