import {
  idParam,
  leaseItemLedgerQuery,
  leaseItemQuery,
  leaseItemSaveBody,
  leaseItemStockBody,
  leaseLostBody,
  leaseRentBody,
  leaseReturnBody,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, retriedWrite, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  leaseItem,
  leaseItemLedger,
  leaseItems,
  moveItemStock,
  removeLeaseItem,
  saveLeaseItem,
} from './lease-item.service.ts';
import { loseLease, rentOut, returnLease } from './lease-rent.service.ts';

const TAGS = ['设备租赁'];

/**
 * Lease items (application equipment_leasing 10519) and the counter's rent / return / lost (decision 128):
 * items are managed (add, edit, delete, stock, ledger) only with 10519; renting and taking back also with the
 * cashier's 264 or 2640 or 租赁柜台 2644; the item list is read by the lease order list (263) and the counter too.
 */
export async function leaseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const manage = storeAccess(PERM.EQUIPMENT_LEASING);
  const counterIds = [PERM.EQUIPMENT_LEASING, PERM.ORDER_LIST, PERM.CASHIER, PERM.LEASE_COUNTER];
  const counter = storeAccess(...counterIds);
  const read = storeAccess(...counterIds, PERM.LEASE_ORDER_LIST);

  r.get(
    '/lease_item_list',
    { schema: { summary: '租赁物品列表', tags: TAGS, querystring: leaseItemQuery }, config: read },
    async (req) => {
      const res = await leaseItems(db, storeScopeOf(req), req.query);
      return ok(pager(req.query, res));
    },
  );

  r.get(
    '/lease_item_detail',
    { schema: { summary: '租赁物品详情', tags: TAGS, querystring: z.object({ id: idParam }) }, config: read },
    async (req) => ok(await leaseItem(db, storeScopeOf(req), req.query.id)),
  );

  r.post(
    '/lease_item_save',
    { schema: { summary: '新增或编辑租赁物品', tags: TAGS, body: leaseItemSaveBody }, config: manage },
    async (req) => ok(await saveLeaseItem(db, storeScopeOf(req), actorOf(req), req.body), '保存成功'),
  );

  r.post(
    '/lease_item_delete',
    {
      schema: { summary: '删除租赁物品（无在租时）', tags: TAGS, body: z.object({ id: idParam }) },
      config: manage,
    },
    async (req) => {
      await removeLeaseItem(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/lease_item_stock',
    {
      schema: { summary: '租赁物品入库或报废（request_id 幂等）', tags: TAGS, body: leaseItemStockBody },
      config: manage,
    },
    retriedWrite(db, moveItemStock, {
      done: (b) => (b.kind === 'in' ? '入库成功' : '报废成功'),
      replayed: '该操作已处理',
    }),
  );

  r.get(
    '/lease_item_ledger',
    {
      schema: { summary: '租赁物品数量流水', tags: TAGS, querystring: leaseItemLedgerQuery },
      config: manage,
    },
    async (req) => {
      const res = await leaseItemLedger(db, storeScopeOf(req), req.query);
      return ok(pager(req.query, res));
    },
  );

  r.post(
    '/lease_rent',
    {
      schema: { summary: '租出（收押金；request_id 幂等）', tags: TAGS, body: leaseRentBody },
      config: counter,
    },
    retriedWrite(db, rentOut, { done: '租出成功', replayed: '该租赁已办理' }),
  );

  r.post(
    '/lease_return',
    {
      schema: { summary: '归还（结算租金、退押金；request_id 幂等）', tags: TAGS, body: leaseReturnBody },
      config: counter,
    },
    retriedWrite(db, returnLease, { done: '归还成功', replayed: '该租赁已归还' }),
  );

  r.post(
    '/lease_lost',
    {
      schema: { summary: '登记丢失或损坏（押金抵扣；request_id 幂等）', tags: TAGS, body: leaseLostBody },
      config: counter,
    },
    retriedWrite(db, loseLease, { done: '已登记丢失损坏', replayed: '该租赁已登记' }),
  );
}
