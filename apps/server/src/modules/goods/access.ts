import { UserType } from '@netbar/contract';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';

/** Route config: a netbar or its staff, holding one of `perms`. */
export const storeAccess = (...perms: number[]) => ({
  auth: { types: [UserType.Netbar, UserType.NetbarStaff], perms },
});

/** The caller's current store; every goods and stock query is confined to it. */
export function storeOf(req: FastifyRequest): number {
  const nid = authOf(req).nid;
  if (!nid) throw new NotFoundError('门店不存在');
  return nid;
}

/** Who did it, for ledgers and documents. */
export function actorOf(req: FastifyRequest): { id: number; name: string } {
  const a = authOf(req);
  return { id: a.userId, name: a.trueName || a.userName };
}

export const pager = <T>(q: { page: number; page_size: number }, r: { list: T[]; count: number }) => ({
  list: r.list,
  page: q.page,
  page_size: q.page_size,
  count: r.count,
});
