import type { SmsAudience } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { audienceWhere } from './sms-marketing.repo.ts';

/** The dispatcher's SQL (decision 179): expand a due campaign once, claim its queued messages, close it. */

export interface DueCampaign {
  id: number;
  netbar_id: number;
  pool_id: number;
  name: string;
  full_text: string;
  audience: SmsAudience;
  status: 'scheduled' | 'sending';
}

export async function dueCampaigns(db: Conn, now: Date): Promise<DueCampaign[]> {
  return rows<DueCampaign>(
    db,
    sql`select id, netbar_id, pool_id, name, full_text, audience, status from sms_campaigns
        where status in ('scheduled', 'sending') and send_at <= ${now} order by send_at, id limit 100`,
  );
}

/**
 * scheduled → sending, once: one recipient row per member with a mobile (opted-out members as
 * 'skipped'; the unique (campaign, member) makes a second expansion add nothing).
 */
export async function expand(db: Conn, c: DueCampaign): Promise<void> {
  const won = await rows(
    db,
    sql`update sms_campaigns set status = 'sending' where id = ${c.id} and status = 'scheduled' returning id`,
  );
  if (!won.length) return;
  await rows(
    db,
    sql`insert into sms_recipients (campaign_id, netbar_id, member_id, mobile, status, error)
        select ${c.id}, ${c.netbar_id}, m.id, m.mobile,
          case when exists (select 1 from sms_opt_outs o where o.pool_id = m.pool_id and o.member_id = m.id)
            then 'skipped' else 'queued' end,
          case when exists (select 1 from sms_opt_outs o where o.pool_id = m.pool_id and o.member_id = m.id)
            then '已退订' else '' end
        from members m where ${audienceWhere(c.pool_id, c.audience)} and m.mobile ~ '^1[3-9][0-9]{9}$'
        on conflict (campaign_id, member_id) do nothing`,
  );
  await rows(
    db,
    sql`update sms_campaigns set recipients =
          (select count(*) from sms_recipients r where r.campaign_id = ${c.id} and r.status <> 'skipped')
        where id = ${c.id}`,
  );
}

/** Messages the store handed over since `since` (its daily cap counts them). */
export async function handedSince(db: Conn, netbarId: number, since: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sms_recipients
        where netbar_id = ${netbarId} and status in ('sent', 'failed') and sent_at >= ${since}`,
  );
  return Number(r[0]!.n);
}

/** Claims up to `n` queued messages (marked sent before they leave: a message is never sent twice). */
export async function claimQueued(db: Conn, campaignId: number, n: number, now: Date) {
  return rows<{ id: number; mobile: string; member_id: number }>(
    db,
    sql`update sms_recipients set status = 'sent', sent_at = ${now}
        where id in (select id from sms_recipients where campaign_id = ${campaignId} and status = 'queued'
                     order by id limit ${n} for update skip locked)
        returning id, mobile, member_id`,
  );
}

export async function markFailed(db: Conn, id: number, error: string) {
  await rows(
    db,
    sql`update sms_recipients set status = 'failed', error = ${error.slice(0, 200)} where id = ${id}`,
  );
}

/** sending → done when nothing is queued. */
export async function finishIfDrained(db: Conn, campaignId: number) {
  await rows(
    db,
    sql`update sms_campaigns set status = 'done', finished_at = now()
        where id = ${campaignId} and status = 'sending'
          and not exists (select 1 from sms_recipients r where r.campaign_id = ${campaignId} and r.status = 'queued')`,
  );
}
