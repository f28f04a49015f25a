import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * Payment methods of 星际网咖旗舰店 (demo_netbar) with an approved fixed QR code, and one pending code for
 * 极速网吧 (demo_netbar2) waiting in demo_pay's 固定收款码审核 (decision 162). Idempotent.
 */
const FLAGSHIP_METHODS = [
  // pay_type, name, cashier, client, provider
  ['cash', '现金', true, false, 'none'],
  ['member', '会员余额', true, true, 'none'],
  ['wechat', '微信支付', true, true, 'sandbox'],
  ['alipay', '支付宝', true, true, 'sandbox'],
  ['aggregate', '聚合扫码', false, true, 'sandbox'],
] as const;

const storeId = async (db: Db, name: string) =>
  (await rows<{ id: number }>(db, sql`select id from netbars where name = ${name}`))[0]?.id;

export async function paymentMethodDemo(db: Db): Promise<void> {
  const flagship = await storeId(db, '星际网咖旗舰店');
  const nb2 = await storeId(db, '极速网吧');
  if (!flagship || !nb2) return;
  const done = await rows(db, sql`select 1 from payment_methods where netbar_id = ${flagship} limit 1`);
  if (done.length) return;
  await db.transaction(async (tx) => {
    for (const [i, [type, name, cashier, client, provider]] of FLAGSHIP_METHODS.entries())
      await rows(
        tx,
        sql`insert into payment_methods (netbar_id, pay_type, name, sort, cashier, client, provider, updated_by)
            values (${flagship}, ${type}, ${name}, ${i + 1}, ${cashier}, ${client}, ${provider}, '张老板')`,
      );
    await rows(
      tx,
      sql`insert into payment_store_settings (netbar_id, quick_payment, updated_by) values (${flagship}, true, '张老板')`,
    );
    const pay = await rows<{ id: number; name: string }>(
      tx,
      sql`select id, coalesce(nullif(true_name, ''), user_name) as name from users where user_name = 'demo_pay'`,
    );
    await rows(
      tx,
      sql`insert into fixed_qrcodes (netbar_id, token, status, applied_by, audited_by_user_id, audited_by, audited_at, created_at)
          values (${flagship}, ${randomBytes(32).toString('base64url')}, 1, '张老板', ${pay[0]?.id ?? null},
                  ${pay[0]?.name ?? '支付公司'}, now() - interval '29 days', now() - interval '30 days')`,
    );
    await rows(
      tx,
      sql`insert into fixed_qrcodes (netbar_id, token, status, applied_by, created_at)
          values (${nb2}, ${randomBytes(32).toString('base64url')}, 0, '刘老板', now() - interval '2 hours')`,
    );
  });
}
