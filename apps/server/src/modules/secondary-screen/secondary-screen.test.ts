import { PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { screen, tokenOf } from './screen-test-kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: '4096' });
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const storeId = async (name: string) =>
  (await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = ${name}`))[0]!.id;
const body = (over: Record<string, unknown> = {}) => ({
  slides: [
    { kind: 'image', url: '/uploads/0123456789abcdef0123456789abcdef.png', seconds: 8 },
    { kind: 'video', url: '/uploads/0123456789abcdef0123456789abcdef.mp4', seconds: 10 },
  ],
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  windows: [
    { start: '09:00', end: '12:00' },
    { start: '18:00', end: '24:00' },
  ],
  ...over,
});
const pub = (token: string) => t.client().get('/api/v1/secondary_screen_public', { token });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// the first box of an MP4 file (ftyp, brand isom)
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);
async function upload(c: Client, file: Buffer, filename: string) {
  const boundary = '----screen-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/secondary_screen_upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      cookie: `nb_sid=${c.cookies.get('nb_sid')}`,
    },
    payload,
  });
  return {
    http: res.statusCode,
    ...(res.json() as { status: number; msg: string; data: { kind: string; url: string } }),
  };
}

describe('副屏设置 (10520)', () => {
  it('the demo flagship has three sample slides, a schedule around midnight and a working link', async () => {
    const r = await screen(owner).read();
    expect(r.status, r.msg).toBe(200);
    expect(r.data.slides.map((s) => s.url)).toEqual([1, 2, 3].map((n) => `/screen-samples/slide-${n}.svg`));
    expect(r.data.windows).toEqual([
      { start: '00:00', end: '02:00' },
      { start: '08:00', end: '24:00' },
    ]);
    expect((await pub(tokenOf(r.data.link))).data).toMatchObject({ store_name: '星际网咖旗舰店' });
  });

  it('saves the slideshow and its schedule; the link is made, shown, and opens the public page', async () => {
    const s = await screen(owner).save(body());
    expect(s.status, s.msg).toBe(200);
    expect(s.msg).toBe('保存成功');
    expect(s.data).toMatchObject({ start_date: '2026-01-01', end_date: '2026-12-31', app_on: true });
    expect(s.data.slides.map((x) => x.kind)).toEqual(['image', 'video']);
    const l = await screen(owner).link('regenerate');
    expect(l.msg).toBe('已生成新的副屏链接，旧链接已失效');
    expect(l.data.link).toMatch(/^\/screen\/\d+-[A-Za-z0-9_-]{32}$/);
    expect((await screen(owner).read()).data.link).toBe(l.data.link);
    const p = await pub(tokenOf(l.data.link));
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ store_name: '星际网咖旗舰店', windows: body().windows });
    expect(
      await countOf(t, 'secondary_screen_settings', `netbar_id = ${await storeId('星际网咖旗舰店')}`),
    ).toBe(1);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = JSON.stringify((await screen(owner).read()).data);
    const cases: [Record<string, unknown>, string][] = [
      [{ start_date: '2026-05-01', end_date: '2026-04-30' }, '结束日期不能早于开始日期'],
      [
        {
          windows: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '14:00' },
          ],
        },
        '时段09:00-12:00与11:00-14:00重叠',
      ],
      [{ windows: [{ start: '12:00', end: '09:00' }] }, '时段12:00-09:00的结束时间须晚于开始时间'],
      [{ windows: [{ start: '9点', end: '12:00' }] }, '时段开始时间格式为HH:mm'],
      [{ start_date: '2026-02-30x' }, '开始日期格式为YYYY-MM-DD'],
      [{ slides: [{ kind: 'image', url: '/uploads/a.png', seconds: 1 }] }, '图片停留时间为3-120秒'],
      [{ slides: [{ kind: 'gif', url: '/uploads/a.png', seconds: 5 }] }, '素材类型不正确'],
      [
        { slides: [{ kind: 'image', url: 'https://evil.example/a.png', seconds: 5 }] },
        '素材地址不正确，请重新上传',
      ],
      [
        { slides: [{ kind: 'image', url: '/etc/passwd', seconds: 5 }] },
        '第1个素材不是本系统上传的文件，请重新上传',
      ],
      [
        { slides: [{ kind: 'image', url: '/uploads/../x.png', seconds: 5 }] },
        '第1个素材地址不正确，请重新上传',
      ],
    ];
    for (const [over, msg] of cases) {
      const r = await screen(owner).save(body(over));
      expect([r.status, r.msg], JSON.stringify(over)).toEqual([40000, msg]);
    }
    expect((await screen(owner).link('delete')).status).toBe(40000);
    expect(JSON.stringify((await screen(owner).read()).data)).toBe(before);
  });

  it('staff need 10520; agents and administrators are refused', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect((await screen(staff).read()).status).toBe(40003);
    expect((await screen(staff).link('regenerate')).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, ${PERM.SECONDARY_SCREEN} from users
          where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const granted = await t.as(DEMO.netbarStaff);
    expect((await screen(granted).read()).status).toBe(200);
    for (const who of [DEMO.agent, DEMO.admin]) {
      const c = await t.as(who);
      expect((await screen(c).read()).status).toBe(40003);
      expect((await screen(c).save(body())).status).toBe(40003);
    }
    expect((await screen(t.client()).read()).status).toBe(40005);
  });

  it("another store's settings and tokens answer as absent; a forged or malformed token too", async () => {
    const mine = tokenOf((await screen(owner).read()).data.link);
    const other = await t.as(DEMO.netbar2);
    const theirs = await screen(other).read();
    expect(theirs.data.slides).toEqual([]);
    expect(theirs.data.link).toBe('');
    const made = tokenOf((await screen(other).link('regenerate')).data.link);
    expect(made).not.toBe(mine);
    // the other store's id with this store's signature, and the reverse
    const parts = (tk: string) => [tk.slice(0, tk.indexOf('-')), tk.slice(tk.indexOf('-') + 1)] as const;
    const [nidA, macA] = parts(mine);
    const [nidB, macB] = parts(made);
    for (const bad of [
      `${nidB}-${macA}`,
      `${nidA}-${macB}`,
      `${nidA}-${'A'.repeat(32)}`,
      'abc',
      '<script>',
    ]) {
      const r = await pub(bad);
      expect(r.status, bad).toBe(bad.includes('-') ? 40004 : 40000);
      expect(r.msg).toMatch(/副屏链接无效/);
    }
    expect((await pub(made)).data).toMatchObject({ store_name: '极速网吧' });
  });

  it('a disabled 副屏设置 app closes the link', async () => {
    const flagship = await storeId('星际网咖旗舰店');
    const token = tokenOf((await screen(owner).read()).data.link);
    await rows(
      t.database.db,
      sql`insert into store_apps (netbar_id, app, enabled) values (${flagship}, 'secondary_screen', false)
          on conflict (netbar_id, app) do update set enabled = false`,
    );
    expect((await pub(token)).status).toBe(40004);
    await rows(
      t.database.db,
      sql`update store_apps set enabled = true where netbar_id = ${flagship} and app = 'secondary_screen'`,
    );
    expect((await pub(token)).status).toBe(200);
  });

  it('uploads pictures and videos by their content, size-limited; anything else is refused', async () => {
    const img = await upload(owner, PNG, 'a.png');
    expect([img.status, img.data.kind]).toEqual([200, 'image']);
    const vid = await upload(owner, MP4, 'clip.mp4');
    expect([vid.status, vid.data.kind]).toEqual([200, 'video']);
    expect(vid.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.mp4$/);
    const fake = await upload(owner, Buffer.from('<html>not a video</html>'), 'clip.mp4');
    expect([fake.status, fake.msg]).toEqual([40000, '只能上传 PNG、JPEG、GIF、WebP 图片或 MP4、WebM 视频']);
    const big = await upload(owner, Buffer.concat([PNG, Buffer.alloc(8192)]), 'big.png');
    expect([big.http, big.msg]).toEqual([413, '图片不能超过1MB']);
    const staff = await t.as(DEMO.agent);
    expect((await upload(staff, PNG, 'a.png')).status).toBe(40003);
  });
});
