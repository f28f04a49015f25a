import type { SmsAudience, SmsCampaignRow, SmsCampaignStatus } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** 短信营销's SQL (decision 179): every query names the caller's store (campaigns) or pool (members). */

const MOBILE_OK = sql`m.mobile ~ '^1[3-9][0-9]{9}$'`;
const OPTED_OUT = sql`exists (select 1 from sms_opt_outs o where o.pool_id = m.pool_id and o.member_id = m.id)`;

/** The members a filter picks (active members of the pool), before mobile and opt-out. */
export function audienceWhere(pool: number, a: SmsAudience): SQL {
  const w = [sql`m.pool_id = ${pool}`, sql`m.status = 1`];
  if (a.levels.length)
    w.push(
      sql`m.level_id in (${sql.join(
        a.levels.map((l) => sql`${l}`),
        sql`, `,
      )})`,
    );
  if (a.visited_within_days)
    w.push(sql`m.last_visit_at >= now() - make_interval(days => ${a.visited_within_days})`);
  if (a.absent_days)
    w.push(
      sql`(m.last_visit_at is null or m.last_visit_at < now() - make_interval(days => ${a.absent_days}))`,
    );
  if (a.balance_min_fen !== undefined) w.push(sql`m.principal_fen + m.bonus_fen >= ${a.balance_min_fen}`);
  if (a.balance_max_fen !== undefined) w.push(sql`m.principal_fen + m.bonus_fen <= ${a.balance_max_fen}`);
  return sql.join(w, sql` and `);
}

export async function audienceFigures(db: Conn, pool: number, a: SmsAudience) {
  const r = await rows<{ recipients: number; opted_out: number; no_mobile: number }>(
    db,
    sql`select count(*) filter (where ${MOBILE_OK} and not ${OPTED_OUT})::int as recipients,
               count(*) filter (where ${MOBILE_OK} and ${OPTED_OUT})::int as opted_out,
               count(*) filter (where not ${MOBILE_OK})::int as no_mobile
        from members m where ${audienceWhere(pool, a)}`,
  );
  return {
    recipients: Number(r[0]!.recipients),
    opted_out: Number(r[0]!.opted_out),
    no_mobile: Number(r[0]!.no_mobile),
  };
}

export async function storeName(db: Conn, s: TenantScope): Promise<string> {
  const r = await rows<{ name: string }>(db, sql`select name from netbars where id = ${s.netbarId}`);
  return r[0]?.name ?? '';
}

const SELECT = sql`select c.id, c.name, c.content, c.full_text as text, c.audience, c.status,
    coalesce(${fmtTs('c.send_at')}, '') as send_at, c.segments, c.recipients, c.cost_fen::int as cost_fen,
    (select count(*) from sms_recipients r where r.campaign_id = c.id and r.status = 'queued')::int as queued,
    (select count(*) from sms_recipients r where r.campaign_id = c.id and r.status = 'sent')::int as sent,
    (select count(*) from sms_recipients r where r.campaign_id = c.id and r.status = 'failed')::int as failed,
    (select count(*) from sms_recipients r where r.campaign_id = c.id and r.status = 'skipped')::int as skipped,
    ${fmtTs('c.created_at')} as created_at, coalesce(${fmtTs('c.finished_at')}, '') as finished_at`;

export async function listCampaigns(
  db: Conn,
  s: TenantScope,
  q: { page: number; page_size: number; status?: SmsCampaignStatus },
) {
  const where = [sql`c.netbar_id = ${s.netbarId}`];
  if (q.status) where.push(sql`c.status = ${q.status}`);
  return paged<SmsCampaignRow>(db, SELECT, sql`from sms_campaigns c`, where, sql`c.id desc`, q);
}

export async function campaignById(
  db: Conn,
  s: TenantScope,
  id: number,
): Promise<SmsCampaignRow | undefined> {
  return (
    await rows<SmsCampaignRow>(
      db,
      sql`${SELECT} from sms_campaigns c where c.id = ${id} and c.netbar_id = ${s.netbarId}`,
    )
  )[0];
}

export interface CampaignWrite {
  name: string;
  content: string;
  fullText: string;
  audience: SmsAudience;
  sendAt: Date | null;
  segments: number;
  priceFen: number;
  recipients: number;
  costFen: number;
}

export async function insertCampaign(
  db: Conn,
  s: TenantScope,
  pool: number,
  userId: number,
  w: CampaignWrite,
) {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into sms_campaigns (netbar_id, pool_id, name, content, full_text, audience, send_at, segments, price_fen,
          recipients, cost_fen, created_by)
        values (${s.netbarId}, ${pool}, ${w.name}, ${w.content}, ${w.fullText}, ${JSON.stringify(w.audience)}::jsonb,
          ${w.sendAt}, ${w.segments}, ${w.priceFen}, ${w.recipients}, ${w.costFen}, ${userId}) returning id`,
  );
  return r[0]!.id;
}

/** Rewrites a draft; false when it is no longer a draft (or not the store's). */
export async function updateDraft(db: Conn, s: TenantScope, id: number, w: CampaignWrite): Promise<boolean> {
  const r = await rows(
    db,
    sql`update sms_campaigns set name = ${w.name}, content = ${w.content}, full_text = ${w.fullText},
          audience = ${JSON.stringify(w.audience)}::jsonb, send_at = ${w.sendAt}, segments = ${w.segments},
          price_fen = ${w.priceFen}, recipients = ${w.recipients}, cost_fen = ${w.costFen}
        where id = ${id} and netbar_id = ${s.netbarId} and status = 'draft' returning id`,
  );
  return r.length > 0;
}

/** draft → scheduled once: the request id is kept, so a retried 发送 finds its own send. */
export async function schedule(
  db: Conn,
  s: TenantScope,
  id: number,
  requestId: string,
  at: Date,
): Promise<boolean> {
  const r = await rows(
    db,
    sql`update sms_campaigns set status = 'scheduled', request_id = ${requestId}, send_at = ${at}
        where id = ${id} and netbar_id = ${s.netbarId} and status = 'draft'
          and not exists (select 1 from sms_campaigns x where x.netbar_id = ${s.netbarId} and x.request_id = ${requestId})
        returning id`,
  );
  return r.length > 0;
}

export async function campaignOfRequest(db: Conn, s: TenantScope, requestId: string) {
  return (
    await rows<{ id: number }>(
      db,
      sql`select id from sms_campaigns where netbar_id = ${s.netbarId} and request_id = ${requestId}`,
    )
  )[0];
}

export async function cancelCampaign(db: Conn, s: TenantScope, id: number): Promise<boolean> {
  const r = await rows(
    db,
    sql`update sms_campaigns set status = 'cancelled', finished_at = now()
        where id = ${id} and netbar_id = ${s.netbarId} and status in ('draft', 'scheduled') returning id`,
  );
  return r.length > 0;
}

export async function memberInPool(db: Conn, pool: number, memberId: number) {
  return (
    await rows<{ id: number }>(db, sql`select id from members where id = ${memberId} and pool_id = ${pool}`)
  )[0];
}

export async function optOut(
  db: Conn,
  pool: number,
  memberIds: number[],
  source: 'reply' | 'staff',
  by: number,
) {
  for (const id of memberIds)
    await rows(
      db,
      sql`insert into sms_opt_outs (pool_id, member_id, source, created_by) values (${pool}, ${id}, ${source}, ${by})
          on conflict do nothing`,
    );
  // queued messages of campaigns under way are skipped from now on
  if (memberIds.length)
    await rows(
      db,
      sql`update sms_recipients r set status = 'skipped', error = '已退订'
          from sms_campaigns c where c.id = r.campaign_id and c.pool_id = ${pool} and r.status = 'queued'
            and r.member_id in (${sql.join(
              memberIds.map((i) => sql`${i}`),
              sql`, `,
            )})`,
    );
}

export async function membersByMobile(db: Conn, pool: number, mobile: string) {
  return rows<{ id: number }>(db, sql`select id from members where pool_id = ${pool} and mobile = ${mobile}`);
}

export async function optOutList(db: Conn, pool: number, q: { page: number; page_size: number }) {
  return paged<{ member_id: number; name: string; mobile: string; source: string; created_at: string }>(
    db,
    sql`select o.member_id, m.name, m.mobile, o.source, ${fmtTs('o.created_at')} as created_at`,
    sql`from sms_opt_outs o join members m on m.id = o.member_id`,
    [sql`o.pool_id = ${pool}`],
    sql`o.created_at desc, o.member_id desc`,
    q,
  );
}

/** Every member with this mobile, in every pool (an inbound reply names no store; decision 183). */
export async function membersByMobileEverywhere(db: Conn, mobile: string) {
  return rows<{ id: number; pool_id: number }>(
    db,
    sql`select id, pool_id from members where mobile = ${mobile} order by pool_id, id`,
  );
}
