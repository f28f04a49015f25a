import {
  bandsOverlap,
  DESKTOP_LIMITS,
  DESKTOP_MSG,
  type DesktopConfigRow,
  type DesktopSaveBody,
  type DesktopSettings,
  PERM,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import * as repo from './desktop.repo.ts';
import { type DesktopFileKind, storedPicture } from './desktop-files.ts';

/** What the service needs besides the database: where pictures are kept and served. */
export interface DesktopDeps {
  db: Db;
  storage: ObjectStorage;
  imagesBase: string;
}

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

export async function desktopSettings(d: DesktopDeps, s: TenantScope): Promise<DesktopSettings> {
  const nid = nidOf(s);
  const [configs, areas, disabled] = await Promise.all([
    repo.listConfigs(d.db, nid),
    repo.storeAreas(d.db, nid),
    loadDisabledApps(d.db, nid),
  ]);
  return {
    app_on: !disabled.has(PERM.DESKTOP_SETTINGS),
    images_base: d.imagesBase,
    areas: areas.map((a) => ({ id: Number(a.id), name: a.name })),
    configs,
  };
}

/** One configuration of the caller's store; another store's answers as absent. */
export async function desktopConfig(d: DesktopDeps, s: TenantScope, id: number): Promise<DesktopConfigRow> {
  const c = await repo.configById(d.db, nidOf(s), id);
  if (!c) throw new NotFoundError(DESKTOP_MSG.notFound);
  return c;
}

async function checkPictures(d: DesktopDeps, b: DesktopSaveBody) {
  const has = (kind: DesktopFileKind, key: string) => storedPicture(d.storage, kind, key);
  if (b.wallpaper && !(await has('wallpaper', b.wallpaper))) throw new BadInputError(DESKTOP_MSG.wallpaper);
  for (const g of b.groups)
    for (const i of g.icons)
      if (i.kind === 'custom' && !(await has('icon', i.icon))) throw new BadInputError(DESKTOP_MSG.icon);
  for (const a of b.adverts)
    if (!(await has('advert', a.image))) throw new BadInputError(DESKTOP_MSG.advertImage);
}

/**
 * Adds or replaces a configuration. The area must be the store's (0 = every area); within one area a
 * band may not overlap another's and there is one all-day row; checked and written under a lock of the
 * store so that two editors cannot both pass the check.
 */
export async function saveDesktop(
  d: DesktopDeps,
  s: TenantScope,
  by: string,
  b: DesktopSaveBody,
): Promise<DesktopConfigRow> {
  const nid = nidOf(s);
  if (b.area_id && !(await repo.storeAreas(d.db, nid)).some((a) => Number(a.id) === b.area_id))
    throw new BadInputError(DESKTOP_MSG.areaMissing);
  await checkPictures(d, b);
  const id = await d.db.transaction(async (tx) => {
    await repo.lockStore(tx, nid);
    if (b.id && !(await repo.configById(tx, nid, b.id))) throw new NotFoundError(DESKTOP_MSG.notFound);
    if (!b.id && (await repo.configCount(tx, nid)) >= DESKTOP_LIMITS.configsMax)
      throw new BadInputError(DESKTOP_MSG.tooMany);
    for (const o of await repo.sameArea(tx, nid, b.area_id, b.id ?? 0)) {
      if (!o.band_start && !b.band_start) throw new ConflictError(DESKTOP_MSG.sameAllDay);
      if (bandsOverlap(b.band_start, b.band_end, o.band_start, o.band_end))
        throw new ConflictError(DESKTOP_MSG.overlap(`${o.band_start}-${o.band_end}`));
    }
    return repo.writeConfig(tx, nid, b, by);
  });
  return desktopConfig(d, s, id);
}

export async function removeDesktop(d: DesktopDeps, s: TenantScope, id: number): Promise<void> {
  const nid = nidOf(s);
  const c = await repo.configById(d.db, nid, id);
  if (!c) throw new NotFoundError(DESKTOP_MSG.notFound);
  if (!c.area_id && !c.band_start) throw new BadInputError(DESKTOP_MSG.defaultKept);
  await d.db.transaction((tx) => repo.deleteConfig(tx, nid, id));
}
