import type { DeskOrderDetail } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { findDeskOrder, goodsOf, paymentsOf } from './desk-order-list.repo.ts';
import { billOf, SESSION_MISSING } from './desk-session.service.ts';

/** One table order: the session, its bill (as of now while open), its goods orders and its till rows. */
export async function deskOrderDetail(db: Conn, s: TenantScope, id: number): Promise<DeskOrderDetail> {
  const row = await findDeskOrder(db, s, id);
  if (!row) throw new NotFoundError(SESSION_MISSING);
  const [bill, goods, payments] = await Promise.all([
    billOf(db, s, id),
    goodsOf(db, s, id),
    paymentsOf(db, s, id, row.session_no),
  ]);
  return { ...row, bill, goods, payments };
}
