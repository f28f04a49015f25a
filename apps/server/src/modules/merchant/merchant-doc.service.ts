import { randomBytes } from 'node:crypto';
import { relative } from 'node:path';
import {
  MERCHANT_DOC_MAX_BYTES,
  MERCHANT_MSG,
  type MerchantDocKind,
  type MerchantDocView,
} from '@netbar/contract';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { BadInputError, BizError, NotFoundError } from '../../lib/errors.ts';
import { type ObjectStorage, readAll } from '../../lib/storage.ts';
import { imageKind } from '../upload/index.ts';
import { docById, docFor, docsOf, insertDoc, type MerchantViewer } from './merchant.repo.ts';
import type { MerchantKeys } from './merchant-crypto.ts';

/** How long a document link works (refresh_img / refresh_cdn issue new ones). */
export const DOC_LINK_SECONDS = 600;
/** The longest side a document is kept at: enough to read a licence, small enough to review quickly. */
const DOC_MAX_SIDE = 2000;

/** The documents' folder must not lie inside the served uploads folder (they would get a guessable URL). */
export function assertPrivateDir(dir: string, servedDir: string) {
  const rel = relative(servedDir, dir);
  if (rel === '' || (!rel.startsWith('..') && !rel.startsWith('/')))
    throw new Error('MERCHANT_DOC_DIR 不能位于 UPLOAD_DIR 之内（商户资料不能通过公开地址访问）');
}

export interface DocDeps {
  db: Db;
  keys: MerchantKeys;
  /** The documents live in storage's private area (MERCHANT_DOC_DIR or the bucket's merchant-docs/). */
  storage: ObjectStorage;
}

/**
 * A document upload: an image by its first bytes, at most 5 MB, decoded and re-encoded as JPEG by sharp
 * (EXIF, GPS and every other metadata dropped; the orientation applied first), kept under a random name.
 */
export async function storeDoc(
  deps: DocDeps,
  ownerId: number,
  kind: MerchantDocKind,
  buf: Buffer,
): Promise<MerchantDocView> {
  if (!buf.length) throw new BadInputError(MERCHANT_MSG.imageRequired);
  if (buf.length > MERCHANT_DOC_MAX_BYTES) throw new BizError(41300, MERCHANT_MSG.imageTooLarge, 413);
  if (!imageKind(buf)) throw new BadInputError(MERCHANT_MSG.image);
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    out = await sharp(buf, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: DOC_MAX_SIDE, height: DOC_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new BadInputError(MERCHANT_MSG.imageBroken);
  }
  const fileName = `${randomBytes(16).toString('hex')}.jpg`;
  await deps.storage.put('merchant-docs', fileName, out.data, 'image/jpeg');
  const id = await insertDoc(deps.db, {
    ownerUserId: ownerId,
    kind,
    fileName,
    bytes: out.data.length,
    width: out.info.width,
    height: out.info.height,
  });
  return docLink(deps.keys, id, kind);
}

/** A signed link to one document, valid DOC_LINK_SECONDS. */
export function docLink(
  keys: MerchantKeys,
  id: number,
  kind: MerchantDocKind,
  now = Date.now(),
): MerchantDocView {
  const exp = Math.floor(now / 1000) + DOC_LINK_SECONDS;
  return {
    id,
    kind,
    url: `/api/merchant/doc?id=${id}&exp=${exp}&sig=${keys.sign(id, exp)}`,
    expires_at: exp,
  };
}

/** refresh_img: a new link to a document the viewer may read (another's: 资料图片不存在). */
export async function refreshDocLink(
  deps: DocDeps,
  v: MerchantViewer,
  docId: number,
): Promise<MerchantDocView> {
  const d = await docFor(deps.db, v, docId);
  if (!d) throw new NotFoundError(MERCHANT_MSG.docNotFound);
  return docLink(deps.keys, d.id, d.kind as MerchantDocKind);
}

/** The links of a merchant's documents. */
export async function merchantDocLinks(deps: DocDeps, merchantId: number): Promise<MerchantDocView[]> {
  return (await docsOf(deps.db, merchantId)).map((d) => docLink(deps.keys, d.id, d.kind));
}

/** The bytes behind a signed link; a wrong or expired signature finds nothing. */
export async function docBytes(deps: DocDeps, id: number, exp: number, sig: string): Promise<Buffer> {
  if (!deps.keys.verify(id, exp, sig)) throw new NotFoundError(MERCHANT_MSG.docNotFound);
  if (exp < Math.floor(Date.now() / 1000)) throw new NotFoundError(MERCHANT_MSG.linkExpired);
  const d = await docById(deps.db, id);
  if (!d) throw new NotFoundError(MERCHANT_MSG.docNotFound);
  const o = await deps.storage.get('merchant-docs', d.fileName);
  if (o) return readAll(o);
  if (d.fileName.startsWith('demo-')) return demoPicture(d.kind as MerchantDocKind);
  throw new NotFoundError(MERCHANT_MSG.docNotFound);
}

const DEMO_COLOURS: Record<MerchantDocKind, string> = {
  licence: '#c8102e',
  id_front: '#1f6fb2',
  id_back: '#2f8f5b',
  storefront: '#8a5a00',
  cashier: '#5b3f9e',
};

/** The demo's documents (demo/merchant.ts): a framed placeholder per kind, drawn when read. */
function demoPicture(kind: MerchantDocKind): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520">
    <rect width="800" height="520" fill="#f7f3e8"/>
    <rect x="20" y="20" width="760" height="480" fill="none" stroke="${DEMO_COLOURS[kind]}" stroke-width="12"/>
    <text x="400" y="250" font-size="56" text-anchor="middle" fill="${DEMO_COLOURS[kind]}" font-family="sans-serif">DEMO</text>
    <text x="400" y="330" font-size="40" text-anchor="middle" fill="#555" font-family="sans-serif">${kind.toUpperCase()}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
