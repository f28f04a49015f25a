import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { type Db, rows } from '../db/client.ts';
import { createStorage } from '../lib/storage.ts';

/**
 * 星际网咖旗舰店's 短信营销 and 私域运营 (decision 179): both apps enabled; a finished campaign to 黄金 three days
 * ago (sent to every 黄金 member with a mobile, two opted-out members skipped, their outbox rows) and two
 * codes (微信群, 公众号) with 30 days of scans. Fixed seed; idempotent.
 */
const DAY_MS = 86_400_000;

/** A QR-like picture (a seeded pixel grid, 240×240) stored where upload_image keeps pictures. */
async function picture(seed: number): Promise<string> {
  const n = 24;
  const raw = Buffer.alloc(n * n * 3, 255);
  let a = seed;
  for (let i = 0; i < n * n; i++) {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    const x = i % n;
    const y = Math.floor(i / n);
    const finder = (x < 7 && y < 7) || (x >= n - 7 && y < 7) || (x < 7 && y >= n - 7);
    const dark = finder
      ? x % 6 === 0 || y % 6 === 0 || (x % 6 >= 2 && x % 6 <= 4 && y % 6 >= 2 && y % 6 <= 4)
      : a % 2 === 0;
    if (dark) raw.fill(0, i * 3, i * 3 + 3);
  }
  const buf = await sharp(raw, { raw: { width: n, height: n, channels: 3 } })
    .resize(240, 240, { kernel: 'nearest' })
    .png()
    .toBuffer();
  // the server's own storage (UPLOAD_DIR, or the bucket: decision 200), from the same environment
  const config = loadConfig();
  const storage = createStorage(config);
  const name = `${createHash('sha256').update(buf).digest('hex').slice(0, 32)}.png`;
  if (!(await storage.exists('uploads', name))) await storage.put('uploads', name, buf, 'image/png');
  return `${config.IMAGES_BASE.replace(/\/?$/, '/')}${name}`;
}

export async function marketingDemo(db: Db): Promise<void> {
  const store = (
    await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0];
  if (!store) return;
  const nid = store.id;
  for (const app of ['message', 'siyu'])
    await rows(
      db,
      sql`insert into store_apps (netbar_id, app, enabled) values (${nid}, ${app}, true) on conflict do nothing`,
    );
  const codes = [
    {
      kind: 'group',
      name: '星际玩家群',
      welcome: '扫码进群，每周五晚组队开黑，新人领1小时上网',
      seed: 17,
      base: 14,
    },
    {
      kind: 'official',
      name: '星际网咖公众号',
      welcome: '关注公众号，查余额、看活动、领福利',
      seed: 29,
      base: 8,
    },
  ];
  const images = await Promise.all(codes.map((c) => picture(c.seed)));
  if ((await rows(db, sql`select 1 from sms_campaigns where netbar_id = ${nid} limit 1`)).length) return;

  await db.transaction(async (tx) => {
    const gold = (
      await rows<{ id: number }>(
        tx,
        sql`select id from member_levels where pool_id = ${nid} and name like '黄金%' limit 1`,
      )
    )[0];
    if (gold) {
      const members = await rows<{ id: number; mobile: string }>(
        tx,
        sql`select id, mobile from members where pool_id = ${nid} and level_id = ${gold.id} and status = 1
              and mobile ~ '^1[3-9][0-9]{9}$' order by id`,
      );
      const out = members.slice(0, 2);
      for (const m of out)
        await rows(
          tx,
          sql`insert into sms_opt_outs (pool_id, member_id, source, created_at)
              values (${nid}, ${m.id}, 'reply', now() - interval '10 days') on conflict do nothing`,
        );
      const content = '周末充值100送20，黄金会员再享9折上网，本周日截止，欢迎光临！回T退订';
      const full = `【星际网咖旗舰店】${content}`;
      const at = new Date(Date.now() - 3 * DAY_MS);
      at.setUTCHours(2, 0, 0, 0); // 10:00 Shanghai
      const sent = members.length - out.length;
      const c = await rows<{ id: number }>(
        tx,
        sql`insert into sms_campaigns (netbar_id, pool_id, name, content, full_text, audience, status, send_at, segments,
              price_fen, recipients, cost_fen, request_id, created_at, finished_at)
            values (${nid}, ${nid}, '周末充值送（黄金会员）', ${content}, ${full},
              ${JSON.stringify({ levels: [gold.id] })}::jsonb, 'done', ${at}, 1, 5, ${sent}, ${sent * 5},
              'demo-sms-1', ${new Date(at.getTime() - DAY_MS)}, ${new Date(at.getTime() + 120_000)}) returning id`,
      );
      const id = c[0]!.id;
      for (const [i, m] of members.entries()) {
        const skipped = i < out.length;
        await rows(
          tx,
          sql`insert into sms_recipients (campaign_id, netbar_id, member_id, mobile, status, error, sent_at)
              values (${id}, ${nid}, ${m.id}, ${m.mobile}, ${skipped ? 'skipped' : 'sent'}, ${skipped ? '已退订' : ''},
                ${skipped ? null : at})`,
        );
        if (!skipped)
          await rows(
            tx,
            sql`insert into outbox (channel, to_addr, purpose, subject, content, status, created_at)
                values ('sms', ${m.mobile}, 'marketing', '周末充值送（黄金会员）', ${full}, 'outbox', ${at})`,
          );
      }
    }
    for (const [k, c] of codes.entries()) {
      const r = await rows<{ id: number }>(
        tx,
        sql`insert into siyu_codes (netbar_id, kind, name, welcome, image, token, created_at)
            values (${nid}, ${c.kind}, ${c.name}, ${c.welcome}, ${images[k]!},
              ${createHash('sha256').update(`siyu-demo-${nid}-${k}`).digest('base64url').slice(0, 12)},
              now() - interval '31 days') returning id`,
      );
      for (let d = 0; d < 30; d++) {
        const scans = c.base + ((d * 7 + k * 3) % 11) + (d % 7 === 5 || d % 7 === 6 ? 6 : 0);
        await rows(
          tx,
          sql`insert into siyu_scans (code_id, day, scans)
              values (${r[0]!.id}, (now() at time zone 'Asia/Shanghai')::date - ${d}::int, ${scans})`,
        );
      }
    }
  });
}
