import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Extracts a PGlite data-folder tarball (its `dumpDataDir`, gzip or plain ustar) into `dir` with
 * node's own file calls (decision 069). PGlite's `loadDataDir` writes the same files through its
 * emulated file system, one small call at a time: most of a fresh embedded start. Only regular files
 * and folders occur in such a tarball; anything else, or a path leaving `dir`, is refused.
 */
export function extractDataDirTarball(tarball: Uint8Array, dir: string): number {
  const gz = tarball[0] === 0x1f && tarball[1] === 0x8b;
  const buf = gz ? gunzipSync(tarball) : Buffer.from(tarball.buffer, tarball.byteOffset, tarball.byteLength);
  const root = resolve(dir);
  const text = (at: number, len: number) => {
    const s = buf.subarray(at, at + len);
    const end = s.indexOf(0);
    return s.subarray(0, end < 0 ? len : end).toString('utf8');
  };
  const octal = (at: number, len: number) => Number.parseInt(text(at, len).trim() || '0', 8);
  let files = 0;
  for (let off = 0; off + 512 <= buf.length; ) {
    if (buf[off] === 0) break; // the two zero blocks that end the archive
    const prefix = buf.toString('latin1', off + 257, off + 262) === 'ustar' ? text(off + 345, 155) : '';
    const name = prefix ? `${prefix}/${text(off, 100)}` : text(off, 100);
    const size = octal(off + 124, 12);
    const type = String.fromCharCode(buf[off + 156] ?? 0);
    const target = resolve(join(root, name));
    if (target !== root && !target.startsWith(root + sep))
      throw new Error(`tarball path outside the folder: ${name}`);
    const body = off + 512;
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '\0') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, buf.subarray(body, body + size));
      files++;
    } else throw new Error(`unexpected tarball entry type ${type} for ${name}`);
    off = body + Math.ceil(size / 512) * 512;
  }
  return files;
}
