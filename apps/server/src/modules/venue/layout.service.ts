import type { LayoutSaveBody, LiveArea, PublicMap } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { systemStoreScope, type TenantScope } from '../../tenant/index.ts';
import { findArea } from './area.repo.ts';
import { areasWithLayouts, insertLayout, latestLayout, machinesOfArea, seatsOfStore } from './layout.repo.ts';
import { expireDue, storeByToken } from './reservation.repo.ts';
import { seatSessions } from './seat-sessions.ts';

/** The seat map: saving a layout version, the live map (/diagram_detail) and the public map. */

function checkCells(v: LayoutSaveBody): number[] {
  const seen = new Set<string>();
  const machineIds: number[] = [];
  for (const c of v.cells) {
    if (c.x >= v.cols || c.y >= v.rows)
      throw new BadInputError(`格子超出网格范围（第${c.y + 1}行第${c.x + 1}列）`);
    const key = `${c.x},${c.y}`;
    if (seen.has(key)) throw new BadInputError(`第${c.y + 1}行第${c.x + 1}列放了多个元素`);
    seen.add(key);
    if (c.kind === 'machine') {
      if (!c.machine_id) throw new BadInputError('机器格子必须指定机器');
      machineIds.push(c.machine_id);
    } else if (c.machine_id) throw new BadInputError('只有机器格子可以指定机器');
  }
  if (new Set(machineIds).size !== machineIds.length) throw new BadInputError('同一台机器不能放在两个位置');
  return machineIds;
}

const staleMsg = (v: number) => `机位图已被他人修改（当前版本${v}），请刷新后再保存`;

/** Saves an area's map as version base+1; someone else's save since the editor loaded → 40009. */
export async function saveLayout(db: Db, s: TenantScope, v: LayoutSaveBody, savedBy: string) {
  if (!(await findArea(db, s, v.area_id))) throw new NotFoundError('区域不存在');
  const ids = checkCells(v);
  const found = await machinesOfArea(db, s, v.area_id, ids);
  if (found.length !== ids.length) throw new NotFoundError('机器不存在或不在该区域');
  try {
    return await db.transaction(async (tx) => {
      const current = await latestLayout(tx, s, v.area_id);
      if (current.version !== v.base_version) throw new ConflictError(staleMsg(current.version));
      const version = v.base_version + 1;
      await insertLayout(tx, s, { ...v, version, saved_by: savedBy });
      return { version };
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      const now = await latestLayout(db, s, v.area_id);
      throw new ConflictError(staleMsg(now.version));
    }
    throw e;
  }
}

/** Every area's map with each machine's state, reservation and (from the session domain) session. */
export async function liveMap(db: Db, s: TenantScope): Promise<LiveArea[]> {
  await expireDue(db, s.netbarId);
  const [areas, seats] = await Promise.all([areasWithLayouts(db, s), seatsOfStore(db, s)]);
  const sessions = await seatSessions(
    db,
    s,
    seats.map((x) => x.id),
  );
  return areas.map((a) => {
    const mine = seats.filter((x) => x.area_id === a.id);
    const ids = new Set(mine.map((x) => x.id));
    const cells = a.cells.filter((c) => c.kind !== 'machine' || ids.has(c.machine_id ?? 0));
    const placed = new Set(cells.map((c) => c.machine_id));
    return {
      ...a,
      cells,
      unplaced: mine.filter((x) => !placed.has(x.id)).length,
      seats: mine.map((x) => ({
        id: x.id,
        name: x.name,
        state: x.state,
        ip: x.ip,
        reservation: x.r_id
          ? { id: x.r_id, name: x.r_name ?? '', mobile: x.r_mobile ?? '', expires_at: x.r_expires_at ?? '' }
          : null,
        session: sessions.get(x.id) ?? null,
      })),
    };
  });
}

/** The store behind a public token, or 40004 as for any unknown link. */
export async function storeOfToken(db: Db, token: string) {
  const store = await storeByToken(db, token);
  if (!store) throw new NotFoundError('链接无效或已失效，请向门店索取新的链接');
  return { ...store, scope: systemStoreScope(store.netbar_id) };
}

/** The public map: placed machines only, each free or not; no names, mobiles, sessions or states. */
export async function publicMap(db: Db, token: string): Promise<PublicMap> {
  const store = await storeOfToken(db, token);
  const s = store.scope;
  await expireDue(db, s.netbarId);
  const [areas, seats] = await Promise.all([areasWithLayouts(db, s), seatsOfStore(db, s)]);
  const out = areas.map((a) => {
    const mine = new Map(seats.filter((x) => x.area_id === a.id).map((x) => [x.id, x]));
    const cells = a.cells.filter((c) => c.kind !== 'machine' || mine.has(c.machine_id ?? 0));
    return {
      id: a.id,
      name: a.name,
      colour: a.colour,
      cols: a.cols,
      rows: a.rows,
      cells,
      seats: cells
        .filter((c) => c.kind === 'machine')
        .map((c) => mine.get(c.machine_id!)!)
        .map((x) => ({ id: x.id, name: x.name, free: x.state === '空闲' })),
    };
  });
  return {
    store_name: store.name,
    hold_minutes: store.hold_minutes,
    areas: out.filter((a) => a.seats.length > 0),
  };
}
