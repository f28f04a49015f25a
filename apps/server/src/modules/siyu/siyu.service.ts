import { randomBytes } from 'node:crypto';
import { PERM, SIYU_MAX_CODES, SIYU_MSG, type SiyuSaveBody } from '@netbar/contract';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { type ObjectStorage, readAll } from '../../lib/storage.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import * as repo from './siyu.repo.ts';

/**
 * 私域运营 (decision 179). A code's picture is one that upload_image took (its content check and size
 * limit): the url must be IMAGES_BASE + a stored file name, and sharp must read it as a picture of at
 * least 200×200. The scan link's token is random (not the id), so links cannot be walked.
 */

export interface SiyuFiles {
  imagesBase: string;
  storage: ObjectStorage;
}

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

/** The stored upload an image url names, or undefined when it is not one of ours. */
export async function storedImage(f: SiyuFiles, url: string): Promise<string | undefined> {
  const base = f.imagesBase.replace(/\/?$/, '/');
  if (!url.startsWith(base)) return undefined;
  const name = url.slice(base.length);
  if (!/^[0-9a-f]{32}\.(png|jpg|gif|webp)$/.test(name)) return undefined;
  return (await f.storage.exists('uploads', name)) ? name : undefined;
}

async function checkImage(f: SiyuFiles, url: string) {
  const name = await storedImage(f, url);
  const o = name ? await f.storage.get('uploads', name) : undefined;
  if (!o) throw new BadInputError(SIYU_MSG.image);
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(await readAll(o)).metadata();
  } catch {
    throw new BadInputError(SIYU_MSG.imageBad);
  }
  if ((meta.width ?? 0) < 200 || (meta.height ?? 0) < 200) throw new BadInputError(SIYU_MSG.imageSmall);
}

export const siyuCodes = (db: Db, s: TenantScope) => repo.listCodes(db, nidOf(s));

export async function saveCode(db: Db, s: TenantScope, f: SiyuFiles, b: SiyuSaveBody) {
  const nid = nidOf(s);
  if (b.id && !(await repo.ownCode(db, nid, b.id))) throw new NotFoundError(SIYU_MSG.notFound);
  if (!b.id && (await repo.codeCount(db, nid)) >= SIYU_MAX_CODES) throw new BadInputError(SIYU_MSG.tooMany);
  await checkImage(f, b.image);
  const w = { kind: b.kind, name: b.name, welcome: b.welcome, image: b.image };
  if (b.id) {
    await repo.updateCode(db, nid, b.id, w);
    return { id: b.id };
  }
  return { id: await repo.insertCode(db, nid, w, randomBytes(9).toString('base64url')) };
}

export async function removeCode(db: Db, s: TenantScope, id: number) {
  const nid = nidOf(s);
  if (!(await repo.ownCode(db, nid, id))) throw new NotFoundError(SIYU_MSG.notFound);
  await repo.removeCode(db, nid, id);
}

export const scanStats = (db: Db, s: TenantScope, days: number) => repo.scanStats(db, nidOf(s), days);

/**
 * A scan: counted, and the picture to show — only ever the code's own stored picture (an image url
 * outside IMAGES_BASE is refused, so /s/ never redirects elsewhere).
 */
export async function scan(db: Db, f: SiyuFiles, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{8,32}$/.test(token)) return undefined;
  const image = await repo.countScan(db, token);
  if (!image) return undefined;
  return (await storedImage(f, image)) ? image : undefined;
}

/** What a PC client and a receipt show: the store's codes with their welcome text and scan link. */
export async function terminalSiyuCodes(db: Db, s: TenantScope) {
  if ((await loadDisabledApps(db, nidOf(s))).has(PERM.SIYU)) return [];
  return (await repo.listCodes(db, nidOf(s))).map(({ id, kind, name, welcome, image, link }) => ({
    id,
    kind,
    name,
    welcome,
    image,
    link,
  }));
}
