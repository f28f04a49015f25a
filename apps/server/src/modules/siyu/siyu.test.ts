import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiyuCodeRow, SiyuStatRow } from '@netbar/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';
import { uploadDir } from '../upload/index.ts';

/** 私域运营 (decision 179): codes with a checked picture, scans counted per day, no open redirect. */

let t: TestApp;
let owner: Client;

async function stored(size: number): Promise<string> {
  const buf = await sharp({ create: { width: size, height: size, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
  const name = `${createHash('sha256').update(buf).digest('hex').slice(0, 32)}.png`;
  writeFileSync(join(uploadDir(t.app.deps.config), name), buf);
  return `${t.app.deps.config.IMAGES_BASE.replace(/\/?$/, '/')}${name}`;
}
const scan = (path: string) => t.app.inject({ method: 'GET', url: path });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  await owner.post('/api/v1/store_app_switch', { key: 'siyu', enabled: '1' });
}, 600_000);
afterAll(async () => t?.close(), 600_000);

describe('私域运营', () => {
  it('saves a code, counts its scans per day and redirects only to its own picture', async () => {
    const image = await stored(300);
    const s = await owner.post<{ id: number }>('/api/v1/siyu_code_save', {
      kind: 'group',
      name: '本店玩家群',
      welcome: '扫码进群，领取新人福利',
      image,
    });
    expect(s.status, s.msg).toBe(200);
    const code = (await owner.get<SiyuCodeRow[]>('/api/v1/siyu_codes')).data.find((c) => c.id === s.data.id)!;
    expect(code.link).toMatch(/^\/s\/[A-Za-z0-9_-]{12}$/);
    for (let i = 0; i < 3; i++) {
      const r = await scan(`${code.link}?to=https://evil.example/x&url=//evil.example`);
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toBe(image);
    }
    const stats = await owner.get<SiyuStatRow[]>('/api/v1/siyu_scan_stats', { days: 7 });
    expect(stats.data.filter((x) => x.code_id === code.id).map((x) => x.scans)).toEqual([3]);
    const again = (await owner.get<SiyuCodeRow[]>('/api/v1/siyu_codes')).data.find((c) => c.id === code.id)!;
    expect([again.scans_today, again.scans_total]).toEqual([3, 3]);
  });

  it('an unknown token, or a url that is not a stored picture, never redirects', async () => {
    const r = await scan('/s/https:%2F%2Fevil.example');
    expect(r.statusCode).not.toBe(302);
    expect((await scan('/s/AAAAAAAAAAAA')).statusCode).toBe(404);
    const before = await count(t, 'siyu_codes');
    for (const [image, msg] of [
      ['https://evil.example/qr.png', '请上传二维码图片'],
      ['/images/../../etc/passwd', '请上传二维码图片'],
      [await stored(50), '二维码图片至少 200×200 像素'],
    ] as const) {
      const s = await owner.post('/api/v1/siyu_code_save', { kind: 'official', name: '公众号', image });
      expect([s.status, s.msg]).toEqual([40000, msg]);
    }
    const bad = await owner.post('/api/v1/siyu_code_save', {
      kind: 'x',
      name: '公众号',
      image: await stored(300),
    });
    expect([bad.status, bad.msg]).toEqual([40000, '请选择二维码类型']);
    expect(await count(t, 'siyu_codes')).toBe(before);
  });

  it("another store's codes are absent; other user types are refused; the PC client sees the codes", async () => {
    const s = await owner.post<{ id: number }>('/api/v1/siyu_code_save', {
      kind: 'staff',
      name: '店长企微',
      image: await stored(240),
    });
    const other = await t.as(DEMO.netbar2);
    await other.post('/api/v1/store_app_switch', { key: 'siyu', enabled: '1' });
    expect((await other.get<SiyuCodeRow[]>('/api/v1/siyu_codes')).data.some((c) => c.id === s.data.id)).toBe(
      false,
    );
    expect((await other.post('/api/v1/siyu_code_delete', { id: s.data.id })).status).toBe(40004);
    expect((await (await t.as(DEMO.agent)).get('/api/v1/siyu_codes')).status).toBe(40003);
  });
});
