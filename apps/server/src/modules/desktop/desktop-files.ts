import { createHash } from 'node:crypto';
import {
  advertUrl,
  DESKTOP_ICON_SIDE,
  DESKTOP_LIMITS,
  DESKTOP_MSG,
  desktopIconUrl,
  WALLPAPER_SIZES,
  wallpaperUrl,
} from '@netbar/contract';
import sharp, { type Metadata } from 'sharp';
import { BadInputError, BizError } from '../../lib/errors.ts';
import { type ObjectStorage, typeOfName } from '../../lib/storage.ts';
import { imageKind } from '../upload/index.ts';

/**
 * Desktop pictures (decision 192): an upload is an image by its first bytes, decoded by sharp (a file
 * that only starts like one is refused), re-encoded without metadata and kept under the hash of what was
 * sent: a wallpaper at 1920×1080, 1280×720 and 640×360 (cover-cropped JPEG), a custom icon at 128×128
 * (PNG, transparent margins), an advert at 1280×720. Saved desktops name a picture by that key only.
 */
export type DesktopFileKind = 'wallpaper' | 'icon' | 'advert';
export const DESKTOP_FILE_KINDS: readonly DesktopFileKind[] = ['wallpaper', 'icon', 'advert'];

const fileNames = (kind: DesktopFileKind, key: string): string[] =>
  kind === 'wallpaper'
    ? WALLPAPER_SIZES.map((w) => `${key}-${w}.jpg`)
    : [kind === 'icon' ? `${key}-icon.png` : `${key}-ad.jpg`];

/** Are the files of a stored key there (every size of a wallpaper)? */
export async function storedPicture(storage: ObjectStorage, kind: DesktopFileKind, key: string) {
  if (!/^[0-9a-f]{32}$/.test(key)) return false;
  const there = await Promise.all(fileNames(kind, key).map((n) => storage.exists('uploads', n)));
  return there.every(Boolean);
}

const mb = (n: number) => Math.floor(n / 1024 / 1024) || 1;

export async function storePicture(
  storage: ObjectStorage,
  base: string,
  kind: DesktopFileKind,
  buf: Buffer,
): Promise<{ key: string; url: string }> {
  if (!buf.length) throw new BadInputError(DESKTOP_MSG.fileMissing);
  const max = kind === 'icon' ? DESKTOP_LIMITS.iconMaxBytes : DESKTOP_LIMITS.wallpaperMaxBytes;
  if (buf.length > max) throw new BizError(41300, DESKTOP_MSG.tooLarge(mb(max)), 413);
  if (!imageKind(buf)) throw new BadInputError(DESKTOP_MSG.notImage);
  const key = createHash('sha256').update(buf).digest('hex').slice(0, 32);
  const src = () => sharp(buf, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
  let meta: Metadata;
  try {
    meta = await src().metadata();
  } catch {
    throw new BadInputError(DESKTOP_MSG.broken);
  }
  if (kind === 'wallpaper' && ((meta.width ?? 0) < 640 || (meta.height ?? 0) < 360))
    throw new BadInputError(DESKTOP_MSG.tooSmall);
  const outs: [string, Buffer][] = [];
  try {
    if (kind === 'wallpaper') {
      for (const w of WALLPAPER_SIZES)
        outs.push([
          `${key}-${w}.jpg`,
          await src()
            .resize(w, (w * 9) / 16, { fit: 'cover' })
            .flatten({ background: '#000000' })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer(),
        ]);
    } else if (kind === 'icon') {
      const side = DESKTOP_ICON_SIDE;
      const png = await src()
        .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      outs.push([`${key}-icon.png`, png]);
    } else {
      const ad = await src().resize(1280, 720, { fit: 'cover' }).flatten({ background: '#000000' });
      outs.push([`${key}-ad.jpg`, await ad.jpeg({ quality: 82 }).toBuffer()]);
    }
  } catch {
    throw new BadInputError(DESKTOP_MSG.broken);
  }
  for (const [name, data] of outs) await storage.put('uploads', name, data, typeOfName(name));
  const url =
    kind === 'wallpaper'
      ? wallpaperUrl(base, key, 1920)
      : kind === 'icon'
        ? desktopIconUrl(base, key)
        : advertUrl(base, key);
  return { key, url };
}
