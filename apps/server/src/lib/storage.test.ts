import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fakeBucket } from '../test/s3-fake.ts';
import { createStorage, type ObjectStorage, readAll, UnsatisfiableRange } from './storage.ts';
import { s3Storage } from './storage-s3.ts';

const bucket = fakeBucket();
afterAll(() => bucket.restore());

const root = mkdtempSync(join(tmpdir(), 'nb-storage-'));
const local = createStorage(
  loadConfig({ DATA_DIR: root, UPLOAD_DIR: join(root, 'up'), MERCHANT_DOC_DIR: join(root, 'docs') }),
);
const s3 = createStorage(
  loadConfig({ DATA_DIR: root, S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'nb-unit' }),
);
const text = async (s: ObjectStorage, name: string, range?: { start: number; end?: number }) => {
  const o = await s.get('uploads', name, range);
  return o && { text: (await readAll(o)).toString(), size: o.size, total: o.total, range: o.range };
};

describe.each([
  ['local', local],
  ['s3', s3],
])('object storage (%s)', (kind, s) => {
  it('is the driver the configuration names', () => {
    expect(s.kind).toBe(kind);
  });

  it('puts a buffer or a stream, gets it whole or a byte range, and deletes it', async () => {
    await s.put('uploads', 'a.png', Buffer.from('0123456789'), 'image/png');
    await s.put('uploads', 'b.mp4', Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'video/mp4');
    expect(await text(s, 'a.png')).toEqual({ text: '0123456789', size: 10, total: 10, range: undefined });
    expect((await s.get('uploads', 'a.png'))?.type).toBe('image/png');
    expect((await text(s, 'b.mp4'))?.text).toBe('abcdef');
    expect(await text(s, 'a.png', { start: 2, end: 4 })).toEqual({
      text: '234',
      size: 3,
      total: 10,
      range: { start: 2, end: 4 },
    });
    expect((await text(s, 'a.png', { start: 7 }))?.text).toBe('789');
    await expect(s.get('uploads', 'a.png', { start: 10 })).rejects.toBeInstanceOf(UnsatisfiableRange);
    expect(await s.exists('uploads', 'a.png')).toBe(true);
    await s.delete('uploads', 'a.png');
    expect(await s.exists('uploads', 'a.png')).toBe(false);
    expect(await s.get('uploads', 'a.png')).toBeUndefined();
    await s.delete('uploads', 'a.png'); // twice is fine
  });

  it('keeps the areas apart: a private document is not found among the uploads', async () => {
    await s.put('merchant-docs', 'secret.jpg', Buffer.from('id card'), 'image/jpeg');
    expect(await s.exists('merchant-docs', 'secret.jpg')).toBe(true);
    expect(await s.exists('uploads', 'secret.jpg')).toBe(false);
  });

  it('refuses a name that is a path', async () => {
    for (const bad of ['../x.png', 'a/b.png', '.hidden', '', 'x..png'])
      await expect(s.put('uploads', bad, Buffer.from('x'), 'image/png')).rejects.toThrow(
        '不是有效的存储文件名',
      );
    await expect(s.get('uploads', '../../etc/passwd')).rejects.toThrow('不是有效的存储文件名');
  });
});

describe('object storage on the local disk', () => {
  it('uses the folders of before, private documents readable by the owner only, no temporary file left', () => {
    expect(readdirSync(join(root, 'up')).sort()).toEqual(['b.mp4']);
    expect(readdirSync(join(root, 'docs'))).toEqual(['secret.jpg']);
    expect(statSync(join(root, 'docs', 'secret.jpg')).mode & 0o777).toBe(0o600);
  });
});

describe('object storage in S3', () => {
  it('writes <area>/<name> with the content type into the configured bucket', () => {
    expect([...bucket.objects.keys()].sort()).toEqual(['merchant-docs/secret.jpg', 'uploads/b.mp4']);
    const calls = bucket.mock.calls();
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.every((c) => (c.args[0].input as { Bucket?: string }).Bucket === 'nb-unit')).toBe(true);
  });

  it('passes a service error other than absence on (never taken for a missing file)', async () => {
    const denied = {
      send: async () => {
        throw Object.assign(new Error('AccessDenied'), {
          name: 'AccessDenied',
          $metadata: { httpStatusCode: 403 },
        });
      },
    } as unknown as S3Client;
    const o = { endpoint: 'http://127.0.0.1:9', bucket: 'nb-unit', region: 'x', forcePathStyle: true };
    const broken = s3Storage(o, denied);
    await expect(broken.exists('uploads', 'b.mp4')).rejects.toThrow('AccessDenied');
    await expect(broken.get('uploads', 'b.mp4')).rejects.toThrow('AccessDenied');
  });
});
