import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { s3Storage } from './storage-s3.ts';

/**
 * Object storage (decision 200): the uploads (public: goods pictures, wallpapers, secondary-screen media,
 * served at IMAGES_BASE) and the merchant documents (private: only through the merchant module's signed,
 * expiring links). On the local disk by default (UPLOAD_DIR and MERCHANT_DOC_DIR, the paths of before); in
 * an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set, under `<area>/<name>`.
 */
export type StorageArea = 'uploads' | 'merchant-docs';

/** One stored object, or the asked range of it. */
export interface StoredObject {
  body: Readable;
  /** Bytes in `body`. */
  size: number;
  /** Bytes of the whole object. */
  total: number;
  type: string;
  /** The range sent, when one was asked. */
  range?: { start: number; end: number };
}

export interface ObjectStorage {
  kind: 'local' | 's3';
  put(area: StorageArea, name: string, body: Buffer | Readable, type: string): Promise<void>;
  /** The object (or bytes start..end inclusive of it); undefined when there is none. */
  get(area: StorageArea, name: string, range?: ByteRange): Promise<StoredObject | undefined>;
  exists(area: StorageArea, name: string): Promise<boolean>;
  delete(area: StorageArea, name: string): Promise<void>;
}

/** A range that starts past the object's end (answered 416). */
export class UnsatisfiableRange extends Error {}

export interface ByteRange {
  start: number;
  /** Inclusive; open to the end when absent. */
  end?: number;
}

export interface StorageConfig {
  DATA_DIR: string;
  UPLOAD_DIR?: string;
  MERCHANT_DOC_DIR?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/** Where uploaded images are kept on the local disk (default DATA_DIR/uploads). */
export const uploadDir = (c: { UPLOAD_DIR?: string; DATA_DIR: string }) =>
  resolve(c.UPLOAD_DIR ?? join(c.DATA_DIR, 'uploads'));

/** Where merchant documents are kept on the local disk (default DATA_DIR/merchant-docs; never served). */
export const docDir = (c: { MERCHANT_DOC_DIR?: string; DATA_DIR: string }) =>
  resolve(c.MERCHANT_DOC_DIR ?? join(c.DATA_DIR, 'merchant-docs'));

/** A stored name: letters, digits, dot, dash and underscore, never a path. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export function assertName(name: string) {
  if (!NAME.test(name) || name.includes('..')) throw new Error(`不是有效的存储文件名：${name}`);
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
/** The content type of a stored name, by its extension. */
export const typeOfName = (name: string) => TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';

export function createStorage(c: StorageConfig): ObjectStorage {
  if (c.S3_ENDPOINT && c.S3_BUCKET)
    return s3Storage({
      endpoint: c.S3_ENDPOINT,
      bucket: c.S3_BUCKET,
      region: c.S3_REGION,
      accessKeyId: c.S3_ACCESS_KEY_ID,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY,
      forcePathStyle: c.S3_FORCE_PATH_STYLE,
    });
  return localStorage({ uploads: uploadDir(c), 'merchant-docs': docDir(c) });
}

const missing = (e: unknown) => (e as { code?: string }).code === 'ENOENT';

/** Files under one folder per area; a private area's files are readable by the server's user only. */
export function localStorage(dirs: Record<StorageArea, string>): ObjectStorage {
  const pathOf = (area: StorageArea, name: string) => {
    assertName(name);
    return join(dirs[area], name);
  };
  const mode = (area: StorageArea) => (area === 'merchant-docs' ? 0o600 : 0o644);
  return {
    kind: 'local',
    async put(area, name, body) {
      const path = pathOf(area, name);
      await mkdir(dirs[area], { recursive: true });
      // written beside and renamed: a reader never sees half a file
      const tmp = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body, { mode: mode(area) });
        else await pipeline(body, createWriteStream(tmp, { mode: mode(area) }));
        await rename(tmp, path);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
    },
    async get(area, name, range) {
      const path = pathOf(area, name);
      let total: number;
      try {
        const s = await stat(path);
        if (!s.isFile()) return undefined;
        total = s.size;
      } catch (e) {
        if (missing(e)) return undefined;
        throw e;
      }
      const type = typeOfName(name);
      if (range && range.start >= total) throw new UnsatisfiableRange();
      if (!range) return { body: createReadStream(path), size: total, total, type };
      const end = Math.min(range.end ?? total - 1, total - 1);
      return {
        body: createReadStream(path, { start: range.start, end }),
        size: end - range.start + 1,
        total,
        type,
        range: { start: range.start, end },
      };
    },
    async exists(area, name) {
      try {
        return (await stat(pathOf(area, name))).isFile();
      } catch (e) {
        if (missing(e)) return false;
        throw e;
      }
    },
    async delete(area, name) {
      await unlink(pathOf(area, name)).catch((e) => {
        if (!missing(e)) throw e;
      });
    },
  };
}

/** The whole of a stored object as a Buffer (small objects: documents). */
export async function readAll(o: StoredObject): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of o.body) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}
