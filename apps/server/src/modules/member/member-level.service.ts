import type { LevelSaveBody } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  deleteLevel,
  insertLevel,
  levelById,
  listLevels,
  nameTaken,
  updateLevel,
} from './member-level.repo.ts';
import { memberPool } from './member-pool.ts';

/** Member levels and rights (Member_rights 181), kept per pool. */

export async function levels(db: Db, s: TenantScope) {
  const pool = await memberPool(db, s);
  return listLevels(db, pool);
}

export async function saveLevel(db: Db, s: TenantScope, b: LevelSaveBody) {
  const pool = await memberPool(db, s);
  if (b.id && !(await levelById(db, pool, b.id))) throw new NotFoundError('会员等级不存在');
  if (await nameTaken(db, pool, b.name, b.id)) throw new ConflictError('等级名称已存在');
  const id = await db.transaction(async (tx) => {
    if (!b.id) return insertLevel(tx, pool, b);
    if (!(await updateLevel(tx, pool, b.id, b))) throw new NotFoundError('会员等级不存在');
    return b.id;
  });
  return (await levelById(db, pool, id))!;
}

export async function removeLevel(db: Db, s: TenantScope, id: number) {
  const pool = await memberPool(db, s);
  const r = await db.transaction((tx) => deleteLevel(tx, pool, id));
  if (r === 'missing') throw new NotFoundError('会员等级不存在');
  if (r === 'used') throw new BadInputError('该等级下还有会员，不能删除');
}
