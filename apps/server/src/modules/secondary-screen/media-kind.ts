import { imageKind } from '../upload/index.ts';

/** A slide's file recognised by its first bytes (never by its name): a picture, or an MP4/WebM video. */
export function mediaKind(b: Buffer): { kind: 'image' | 'video'; ext: string } | undefined {
  const img = imageKind(b);
  if (img) return { kind: 'image', ext: img };
  // ISO base media (MP4): a box of type 'ftyp' first, with an MP4-family brand
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = b.subarray(8, 12).toString('latin1');
    if (/^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |MSNV)$/.test(brand)) return { kind: 'video', ext: 'mp4' };
  }
  // Matroska/WebM: the EBML magic, then the doc type 'webm' in the header
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    if (b.subarray(0, 64).includes(Buffer.from('webm'))) return { kind: 'video', ext: 'webm' };
  }
  return undefined;
}
