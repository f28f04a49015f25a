import {
  bulkNames,
  type MachineBulkBody,
  type MachineSaveBody,
  VENUE_LIMITS,
  type VenueAreaSaveBody,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { areaCount, deleteArea, findArea, insertArea, listAreas, updateArea } from './area.repo.ts';
import {
  addressOwner,
  deleteMachine,
  findMachine,
  insertMachine,
  insertMachines,
  lockMachine,
  lockMachines,
  machineCount,
  moveMachines,
  takenNames,
  updateMachine,
  writeState,
} from './machine.repo.ts';
import { seatsChanged } from './seat-events.ts';

/** Business rules of areas and machines; `s` is always the caller's current store. */

const AREA_MISSING = '区域不存在';
const MACHINE_MISSING = '机器不存在';

export async function saveArea(db: Db, s: TenantScope, v: VenueAreaSaveBody): Promise<{ id: number }> {
  const taken = `区域名称「${v.name}」已存在`;
  if (v.id) {
    if (!(await findArea(db, s, v.id))) throw new NotFoundError(AREA_MISSING);
    await orConflict(updateArea(db, s, { ...v, id: v.id }), taken);
    return { id: v.id };
  }
  if ((await areaCount(db, s)) >= VENUE_LIMITS.areasMax)
    throw new ConflictError(`每个门店最多${VENUE_LIMITS.areasMax}个区域`);
  return { id: await orConflict(insertArea(db, s, v), taken) };
}

export async function removeArea(db: Db, s: TenantScope, id: number): Promise<void> {
  const area = (await listAreas(db, s)).find((a) => a.id === id);
  if (!area) throw new NotFoundError(AREA_MISSING);
  if (area.machines > 0) throw new ConflictError(`区域内还有${area.machines}台机器，请先移到其他区域或删除`);
  await db.transaction(async (tx) => {
    if (!(await deleteArea(tx, s, id))) throw new NotFoundError(AREA_MISSING);
  });
}

async function checkAddresses(db: Db, s: TenantScope, v: MachineSaveBody, exceptId: number) {
  if (v.ip) {
    const owner = await addressOwner(db, s, 'ip', v.ip, exceptId);
    if (owner) throw new ConflictError(`IP地址${v.ip}已被机器「${owner}」使用`);
  }
  if (v.mac) {
    const owner = await addressOwner(db, s, 'mac', v.mac, exceptId);
    if (owner) throw new ConflictError(`MAC地址${v.mac}已被机器「${owner}」使用`);
  }
}

export async function saveMachine(db: Db, s: TenantScope, v: MachineSaveBody): Promise<{ id: number }> {
  if (v.id && !(await findMachine(db, s, v.id))) throw new NotFoundError(MACHINE_MISSING);
  if (!(await findArea(db, s, v.area_id))) throw new NotFoundError(AREA_MISSING);
  const taken = `机器名称「${v.name}」已存在`;
  if ((await takenNames(db, s, [v.name], v.id ?? 0)).length) throw new ConflictError(taken);
  await checkAddresses(db, s, v, v.id ?? 0);
  if (v.id) {
    await orConflict(updateMachine(db, s, { ...v, id: v.id }), '机器名称、IP或MAC地址已被其他机器使用');
    return { id: v.id };
  }
  if ((await machineCount(db, s)) >= VENUE_LIMITS.storeMachinesMax)
    throw new ConflictError(`每个门店最多${VENUE_LIMITS.storeMachinesMax}台机器`);
  return { id: await orConflict(insertMachine(db, s, v), '机器名称、IP或MAC地址已被其他机器使用') };
}

/** Bulk add (A001–A060): all or none. */
export async function bulkAddMachines(db: Db, s: TenantScope, v: MachineBulkBody) {
  if (!(await findArea(db, s, v.area_id))) throw new NotFoundError(AREA_MISSING);
  const names = bulkNames(v);
  if (names.some((n) => n.length > 20)) throw new ConflictError('机器名称不能超过20个字符');
  const have = await machineCount(db, s);
  if (have + names.length > VENUE_LIMITS.storeMachinesMax)
    throw new ConflictError(
      `每个门店最多${VENUE_LIMITS.storeMachinesMax}台机器，当前已有${have}台，最多还能添加${VENUE_LIMITS.storeMachinesMax - have}台`,
    );
  const taken = await takenNames(db, s, names);
  if (taken.length)
    throw new ConflictError(
      `机器名称已存在：${taken.slice(0, 5).join('、')}${taken.length > 5 ? `等${taken.length}个` : ''}`,
    );
  const ids = await orConflict(
    db.transaction((tx) => insertMachines(tx, s, v.area_id, names)),
    '机器名称已存在，请刷新后重试',
  );
  return { count: ids.length, first: names[0], last: names[names.length - 1] };
}

export async function moveToArea(db: Db, s: TenantScope, ids: number[], areaId: number) {
  if (!(await findArea(db, s, areaId))) throw new NotFoundError(AREA_MISSING);
  return db.transaction(async (tx) => {
    const moved = await moveMachines(tx, s, ids, areaId);
    if (moved !== new Set(ids).size) throw new NotFoundError(MACHINE_MISSING);
    return moved;
  });
}

/** 空闲 / 故障 / 停用 by staff: never over a machine in use or reserved; all or none. */
export async function setManualState(db: Db, s: TenantScope, ids: number[], state: '空闲' | '故障' | '停用') {
  const n = await db.transaction(async (tx) => {
    const locked = await lockMachines(tx, s, ids);
    if (locked.length !== new Set(ids).size) throw new NotFoundError(MACHINE_MISSING);
    for (const m of locked) {
      if (m.state === '上机中') throw new ConflictError(`机器「${m.name}」上机中，不能设为${state}`);
      if (m.state === '预订') throw new ConflictError(`机器「${m.name}」已被预订，请先取消预订`);
    }
    return writeState(tx, s, ids, state);
  });
  if (n) seatsChanged(s.netbarId, ids);
  return n;
}

export async function removeMachine(db: Db, s: TenantScope, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const m = await lockMachine(tx, s, id);
      if (!m) throw new NotFoundError(MACHINE_MISSING);
      if (m.state === '上机中') throw new ConflictError('机器上机中，不能删除');
      if (m.state === '预订') throw new ConflictError('机器已被预订，请先取消预订');
      await deleteMachine(tx, s, id);
    });
  } catch (e) {
    // another domain's rows (sessions) still point at the machine
    if (
      (e as { code?: string; cause?: { code?: string } }).code === '23503' ||
      (e as { cause?: { code?: string } }).cause?.code === '23503'
    )
      throw new ConflictError('该机器有使用记录，不能删除，请改为停用');
    throw e;
  }
}
