import type { LeaseOrderDetail, LeaseOrderQuery } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { leaseRequests, leaseStockRows, leaseTill, listLeases } from './lease-list.repo.ts';
import { leaseById } from './lease-order.repo.ts';

/** Reads of lease orders (/order/lease_order_list 263), confined to the caller's store. */

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

export const leaseOrders = (db: Conn, s: TenantScope, q: LeaseOrderQuery, all = false) =>
  listLeases(db, nidOf(s), q, all);

/** One lease with its till movements and its item ledger rows (another store's id: 40004). */
export async function leaseOrderDetail(db: Conn, s: TenantScope, id: number): Promise<LeaseOrderDetail> {
  const nid = nidOf(s);
  const [lease, req] = await Promise.all([leaseById(db, nid, id), leaseRequests(db, nid, id)]);
  if (!lease || !req) throw new NotFoundError('租赁订单不存在');
  const rids = [`lease-rent-${req.request_id}`];
  if (req.close_request_id) rids.push(`lease-close-${req.close_request_id}`);
  const [till, stock] = await Promise.all([leaseTill(db, nid, rids), leaseStockRows(db, nid, id)]);
  return { ...lease, till, stock, close_remark: req.close_remark };
}
