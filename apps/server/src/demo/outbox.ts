import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * A few past messages in 消息发送记录 (the administrator's outbox), masked as real ones are: the codes
 * sent when the demo accounts were opened, a renewal reminder and a failed e-mail. Idempotent.
 */
const MESSAGES = [
  [
    'sms',
    '13800000003',
    'register',
    '【网吧云】您正在进行注册操作，验证码为******，10分钟内有效，请勿泄露给他人。',
    'sent',
    '',
    9,
  ],
  [
    'sms',
    '13800000001',
    'register',
    '【网吧云】您正在进行注册操作，验证码为******，10分钟内有效，请勿泄露给他人。',
    'sent',
    '',
    8,
  ],
  [
    'sms',
    '13800000003',
    'security',
    '【网吧云】您正在进行更换手机号操作，验证码为******，10分钟内有效，请勿泄露给他人。',
    'outbox',
    '',
    3,
  ],
  [
    'email',
    'boss@example.com',
    'retrieve',
    '您正在进行找回密码操作，验证码为******，10分钟内有效，请勿泄露给他人。',
    'failed',
    '收件服务器拒收',
    2,
  ],
  [
    'sms',
    '13900000003',
    'notice',
    '【网吧云】您的网吧“极速网吧”将于30天内到期，请及时续费。回T退订',
    'sent',
    '',
    1,
  ],
] as const;

export async function seedOutbox(db: Db): Promise<void> {
  const n = await rows<{ n: number }>(db, sql`select count(*)::int as n from outbox`);
  if (n[0]!.n > 0) return;
  for (const [channel, to, purpose, content, status, error, days] of MESSAGES) {
    await rows(
      db,
      sql`insert into outbox (channel, to_addr, purpose, subject, content, status, error, ip, created_at)
          values (${channel}, ${to}, ${purpose}, ${channel === 'email' ? '网吧云管理平台验证码' : ''}, ${content},
                  ${status}, ${error}, '127.0.0.1', now() - make_interval(days => ${days}))`,
    );
  }
}
