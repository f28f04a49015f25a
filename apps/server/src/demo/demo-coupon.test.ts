import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

/** The demo's 优惠券 (decision 186): two templates and coupons issued by hand in every state but 已使用. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo coupons', () => {
  it('has two templates and 12 coupons issued by hand: some expired, one voided, the rest usable', async () => {
    const db = t.database.db;
    const tpl = await rows<{ name: string; issued: number }>(
      db,
      sql`select t.name, t.issued from coupon_templates t join netbars n on n.id = t.netbar_id
          where n.name = '星际网咖旗舰店' order by t.id`,
    );
    expect(tpl.map((x) => x.name)).toEqual(['满30减5', '饮料3元抵用券']);
    expect(tpl[0]!.issued + tpl[1]!.issued).toBe(12);
    const owner = await t.as(DEMO.netbar);
    const count = async (state: string) =>
      (await owner.get<{ count: number }>('/api/v1/coupon_record_list', { state })).data.count;
    expect(await count('void')).toBe(1);
    expect(await count('expired')).toBeGreaterThan(0);
    expect(await count('unused')).toBeGreaterThan(0);
    expect((await count('unused')) + (await count('expired')) + 1).toBe(12);
    const all = await owner.get<{ amount_fen: number }>('/api/v1/coupon_record_list', {});
    expect(all.data.amount_fen).toBe(tpl[0]!.issued * 500 + tpl[1]!.issued * 300);
  });
});
