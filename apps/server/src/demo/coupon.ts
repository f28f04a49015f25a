import { couponTemplateSaveBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { issueIn, saveTemplate } from '../modules/coupon/coupon.service.ts';
import { systemStoreScope } from '../tenant/index.ts';

/**
 * 优惠券 at 星际网咖旗舰店 (decision 186), through the coupon module's own calls: two templates (满30减5 on
 * every goods, 30 days from issue; 饮料3元抵用券 in a fixed range around today) and 12 coupons issued by
 * hand over the last 40 days (fixed member order and days). Not yet: coupons from a demo activity prize
 * and coupons used in demo orders (decision 186, gaps). Idempotent: nothing when the templates exist.
 */
const DAY_MS = 86_400_000;
const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const day = (ms: number) => fmt(ms).slice(0, 10);

export async function couponDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number; owner: number; owner_name: string }>(
    db,
    sql`select n.id, u.id as owner, coalesce(nullif(u.true_name, ''), u.user_name) as owner_name
        from netbars n join users u on u.user_name = 'demo_netbar' where n.name = '星际网咖旗舰店'`,
  );
  const nid = store[0]?.id;
  if (!nid) return;
  if ((await rows(db, sql`select 1 from coupon_templates where netbar_id = ${nid} limit 1`)).length) return;
  const s = systemStoreScope(nid);
  const who = { id: Number(store[0]!.owner), name: store[0]!.owner_name };
  await rows(
    db,
    sql`insert into store_apps (netbar_id, app, enabled) values (${nid}, 'marketing_activity_list', true)
        on conflict (netbar_id, app) do update set enabled = true`,
  );
  const drinks = await rows<{ id: number }>(
    db,
    sql`select id from goods_categories where netbar_id = ${nid} and name = '饮料' limit 1`,
  );
  const now = Date.now();
  const full = await saveTemplate(
    db,
    s,
    who,
    couponTemplateSaveBody.parse({
      name: '满30减5',
      kind: 'full_off',
      amount_fen: 500,
      min_spend_fen: 3000,
      valid_mode: 'days',
      valid_days: 30,
    }),
  );
  const drink = await saveTemplate(
    db,
    s,
    who,
    couponTemplateSaveBody.parse({
      name: '饮料3元抵用券',
      kind: 'voucher',
      amount_fen: 300,
      category_ids: JSON.stringify(drinks.map((c) => c.id)),
      valid_mode: 'range',
      valid_from: day(now - 20 * DAY_MS),
      valid_to: day(now + 40 * DAY_MS),
    }),
  );

  // issued by hand over the last 40 days to 12 members (a fixed order): the early 满30减5 ones have run
  // out (已过期), one is voided (已作废), the rest wait for the 收银台 (未使用)
  const members = await rows<{ id: number; pool_id: number }>(
    db,
    sql`select id, pool_id from members where netbar_id = ${nid} and status = 1 order by id limit 12`,
  );
  for (const [i, m] of members.entries()) {
    const when = new Date(now - (40 - 3 * i) * DAY_MS);
    const template = i % 3 === 2 ? drink.id : full.id;
    await db.transaction((tx) =>
      issueIn(
        tx,
        s,
        who,
        {
          template_id: template,
          pool_id: Number(m.pool_id),
          member_id: Number(m.id),
          source: 'manual',
          activity_id: null,
          request_id: `demo-coupon-${i + 1}`,
        },
        when,
      ),
    );
  }
  await rows(
    db,
    sql`update member_coupons set status = 'void', voided_at = now() where netbar_id = ${nid} and request_id = 'demo-coupon-12'`,
  );
}
