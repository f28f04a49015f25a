import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { fakeBucket, S3_ENV } from '../../test/s3-fake.ts';
import { uploadDir } from './upload.routes.ts';

const bucket = fakeBucket();
let t: TestApp;
let netbar: Client;
beforeAll(async () => {
  t = await createTestApp(S3_ENV);
  netbar = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await t.close();
  bucket.restore();
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(c: Client | null, file: Buffer, url = '/api/v1/upload_image') {
  const boundary = '----netbar-s3-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(c ? { cookie: `nb_sid=${c.cookies.get('nb_sid')}` } : {}),
    },
    payload: body,
  });
  return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: { url: string } }) };
}

describe('uploads in S3 (S3_ENDPOINT and S3_BUCKET set, decision 200)', () => {
  it('keeps a picture in the bucket under uploads/ and serves it through IMAGES_BASE', async () => {
    const r = await upload(netbar, PNG);
    expect(r.status, r.msg).toBe(200);
    const name = r.data.url.replace('/uploads/', '');
    expect(bucket.objects.get(`uploads/${name}`)).toEqual({ body: PNG, type: 'image/png' });
    // nothing on the local disk
    expect(readdirSync(uploadDir(t.config))).toEqual([]);
    const got = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('immutable');
    expect(Buffer.from(got.rawPayload).equals(PNG)).toBe(true);
  });

  it('answers a byte range (the secondary screen videos), an impossible range 416, a missing file 404', async () => {
    const r = await upload(netbar, PNG);
    const part = await t.app.inject({ method: 'GET', url: r.data.url, headers: { range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(part.rawPayload).equals(PNG.subarray(1, 4))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: r.data.url, headers: { range: 'bytes=-4' } });
    expect(Buffer.from(tail.rawPayload).equals(PNG.subarray(-4))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: r.data.url, headers: { range: 'bytes=9999-' } });
    expect(past.statusCode).toBe(416);
    const none = await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' });
    expect([none.statusCode, none.json().msg]).toEqual([404, '文件不存在']);
    const odd = await t.app.inject({ method: 'GET', url: '/uploads/..%2Fmerchant-docs%2Fx.jpg' });
    expect(odd.statusCode).toBe(404);
  });

  it('refuses a non-image and a caller without a session, putting nothing in the bucket', async () => {
    const before = bucket.objects.size;
    const text = await upload(netbar, Buffer.from('<svg onload=alert(1)>'));
    expect([text.http, text.msg]).toEqual([400, '只能上传 PNG、JPEG、GIF 或 WebP 图片']);
    const anon = await upload(null, PNG);
    expect(anon.http).toBe(401);
    expect(bucket.objects.size).toBe(before);
  });

  it('stores the secondary screen media in the bucket too', async () => {
    const r = await upload(netbar, PNG, '/api/v1/secondary_screen_upload');
    expect(r.status, r.msg).toBe(200);
    expect(bucket.objects.has(`uploads/${r.data.url.replace('/uploads/', '')}`)).toBe(true);
  });
});
