import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { uploadDir } from './upload.routes.ts';

let t: TestApp;
let netbar: Client;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: '4096' });
  netbar = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----netbar-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(c: Client | null, file: Buffer, filename = 'a.png', type = 'image/png') {
  const m = multipart(file, filename, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/upload_image',
    headers: {
      'content-type': m.contentType,
      'x-requested-with': 'XMLHttpRequest',
      ...(c ? { cookie: `nb_sid=${c.cookies.get('nb_sid')}` } : {}),
    },
    payload: m.body,
  });
  return {
    http: res.statusCode,
    ...(res.json() as { status: number; msg: string; data: { url: string } | null }),
  };
}

const files = () => readdirSync(uploadDir(t.config));

describe('image upload', () => {
  it('keeps a picture under its content hash and serves it', async () => {
    const r = await upload(netbar, PNG);
    expect(r.status).toBe(200);
    expect(r.data!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const got = await t.app.inject({ method: 'GET', url: r.data!.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/image\/png/);
    expect(Buffer.from(got.rawPayload).equals(PNG)).toBe(true);
    // The same picture again is the same file.
    expect((await upload(netbar, PNG)).data!.url).toBe(r.data!.url);
  });

  it('refuses what is not a picture, whatever its name says, and writes nothing', async () => {
    const before = files().length;
    const r = await upload(netbar, Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(r.status).toBe(40000);
    expect(r.msg).toBe('只能上传 PNG、JPEG、GIF 或 WebP 图片');
    expect(files().length).toBe(before);
  });

  it('refuses a picture over the size limit and an empty or malformed upload', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(8192)]);
    const r = await upload(netbar, big);
    expect(r.http).toBe(413);
    expect(r.msg).toMatch(/图片不能超过/);
    expect((await upload(netbar, Buffer.alloc(0))).msg).toBe('请选择要上传的图片');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload_image',
      headers: {
        'content-type': 'multipart/form-data; boundary=xx',
        'x-requested-with': 'XMLHttpRequest',
        cookie: `nb_sid=${netbar.cookies.get('nb_sid')}`,
      },
      payload: 'garbage',
    });
    expect(garbage.json()).toMatchObject({ status: 40000 });
  });

  it('needs a session', async () => {
    const r = await upload(null, PNG);
    expect(r.status).toBe(40005);
  });
});
