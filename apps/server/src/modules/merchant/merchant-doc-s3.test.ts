import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { fakeBucket, S3_ENV } from '../../test/s3-fake.ts';
import { mpost, photoWithExif, upload } from './merchant-kit.ts';

const bucket = fakeBucket();
let t: TestApp;
let owner: Client;
let other: Client;
beforeAll(async () => {
  t = await createTestApp(S3_ENV);
  owner = await t.as(DEMO.netbar);
  other = await t.as(DEMO.netbar2);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  bucket.restore();
});

describe('merchant documents in S3 (private, decision 200)', () => {
  it('keeps a document under merchant-docs/ in the bucket, never at a public address', async () => {
    const r = await upload(t, owner, 'licence', await photoWithExif());
    expect(r.status, r.msg).toBe(200);
    const keys = [...bucket.objects.keys()].filter((k) => k.startsWith('merchant-docs/'));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^merchant-docs\/[0-9a-f]{32}\.jpg$/);
    const name = keys[0]!.slice('merchant-docs/'.length);
    // the public uploads path does not reach the private area
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    const got = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(got.rawPayload).equals(bucket.objects.get(keys[0]!)!.body)).toBe(true);
  });

  it("a signed link expires after 10 minutes; another store's owner gets no link to the document", async () => {
    const r = await upload(t, owner, 'id_front', await photoWithExif());
    expect((await t.app.inject({ method: 'GET', url: r.data.url })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 601_000 });
    const late = await t.app.inject({ method: 'GET', url: r.data.url });
    vi.useRealTimers();
    expect([late.statusCode, late.json().msg]).toEqual([404, '图片链接已过期，请刷新']);

    const theirs = await mpost(other, 'refresh_img', { doc_id: r.data.id });
    expect([theirs.status, theirs.msg]).toEqual([40004, '资料图片不存在']);
    const mine = await mpost<{ url: string }>(owner, 'refresh_img', { doc_id: r.data.id });
    expect(mine.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: mine.data.url })).statusCode).toBe(200);
  });

  it('refuses a bad document id and a forged link in Chinese', async () => {
    const bad = await mpost(owner, 'refresh_img', { doc_id: 'abc' });
    expect([bad.status, bad.msg]).toEqual([40000, '资料图片不存在']);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/merchant/doc?id=1&exp=9999999999&sig=${'A'.repeat(43)}`,
    });
    expect([forged.statusCode, forged.json().msg]).toEqual([404, '资料图片不存在']);
  });
});
