import type { PayLinkListQuery, PayLinkPaymentRow, PayLinkRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** Whose links a caller sees: a store its own, an agent its wallet links, the payment company all. */
export type LinkOwner = { store: number } | { agent: number } | 'all';

export const STATUS_SQL = sql`case when l.disabled_at is not null then '已停用'
  when l.single_use and l.paid_count > 0 then '已用完'
  when l.expires_at <= now() then '已过期' else '有效' end`;

/** A member's name as the link shows it: the first character and stars (张** for 张三丰), maskPersonName. */
const MASKED_NAME = sql`case when m.id is null then '' when char_length(trim(m.name)) = 0 then '会员'
  else left(trim(m.name), 1) || repeat('*', greatest(1, least(char_length(trim(m.name)) - 1, 3))) end`;

const ownerWhere = (o: LinkOwner): SQL =>
  o === 'all' ? sql`true` : 'store' in o ? sql`l.netbar_id = ${o.store}` : sql`l.agent_id = ${o.agent}`;

const SELECT = sql`select l.id, l.token, l.netbar_id, n.name as netbar_name, l.agent_id, l.purpose, l.title,
  l.amount_fen::float8 as amount_fen, l.min_fen::float8 as min_fen, l.max_fen::float8 as max_fen,
  l.single_use, ${STATUS_SQL} as status, l.paid_count, l.paid_fen::float8 as paid_fen,
  ${fmtTs('l.expires_at')} as expires_at, l.created_by,
  coalesce(nullif(u.true_name, ''), u.user_name, '') as creator_name, ${fmtTs('l.created_at')} as created_at,
  l.member_id, ${MASKED_NAME} as member_name, l.order_id::float8 as order_id, coalesce(o.order_no, '') as order_no`;
const FROM = sql`from pay_links l join netbars n on n.id = l.netbar_id left join users u on u.id = l.created_by
  left join members m on m.id = l.member_id left join orders o on o.id = l.order_id`;

export async function listLinks(db: Conn, o: LinkOwner, q: PayLinkListQuery, page?: PayLinkListQuery) {
  const where: SQL[] = [ownerWhere(o)];
  if (q.status) where.push(sql`${STATUS_SQL} = ${q.status}`);
  if (q.purpose) where.push(sql`l.purpose = ${q.purpose}`);
  if (q.keyword) where.push(sql`strpos(l.title, ${q.keyword}) > 0`);
  return paged<PayLinkRow>(db, SELECT, FROM, where, sql`l.id desc`, page, 'l.paid_fen');
}

export async function linkOf(db: Conn, o: LinkOwner, id: number): Promise<PayLinkRow | undefined> {
  const r = await rows<PayLinkRow>(db, sql`${SELECT} ${FROM} where ${ownerWhere(o)} and l.id = ${id}`);
  return r[0];
}

export async function linkByToken(db: Conn, token: string): Promise<PayLinkRow | undefined> {
  const r = await rows<PayLinkRow>(db, sql`${SELECT} ${FROM} where l.token = ${token}`);
  return r[0];
}

export async function linkByRequest(db: Conn, by: number, requestId: string) {
  const r = await rows<PayLinkRow>(
    db,
    sql`${SELECT} ${FROM} where l.created_by = ${by} and l.request_id = ${requestId}`,
  );
  return r[0];
}

export interface NewLink {
  token: string;
  netbar_id: number;
  agent_id: number | null;
  purpose: string;
  title: string;
  amount_fen: number | null;
  min_fen: number | null;
  max_fen: number | null;
  single_use: boolean;
  expires_at: Date;
  created_by: number;
  created_type: number;
  request_id: string;
  member_id: number | null;
  order_id: number | null;
}

/** Inserts a link; undefined when the creator's request id is already used (a retry or a double click). */
export async function insertLink(db: Conn, l: NewLink): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into pay_links (token, netbar_id, agent_id, purpose, title, amount_fen, min_fen, max_fen, single_use,
      expires_at, created_by, created_type, request_id, member_id, order_id)
    values (${l.token}, ${l.netbar_id}, ${l.agent_id}, ${l.purpose}, ${l.title}, ${l.amount_fen}, ${l.min_fen},
      ${l.max_fen}, ${l.single_use}, ${l.expires_at.toISOString()}, ${l.created_by}, ${l.created_type}, ${l.request_id},
      ${l.member_id}, ${l.order_id})
    on conflict (created_by, request_id) do nothing returning id`,
  );
  return r[0]?.id;
}

export async function disableLink(db: Conn, o: LinkOwner, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update pay_links l set disabled_at = coalesce(disabled_at, now()) where ${ownerWhere(o)} and l.id = ${id} returning id`,
  );
  return r.length > 0;
}

/** The link a settled payment belongs to, locked (its counters change in the settling transaction). */
export async function lockLinkById(tx: Conn, id: number) {
  const r = await rows<{
    id: number;
    purpose: string;
    agent_id: number | null;
    single_use: boolean;
    paid_count: number;
    member_id: number | null;
    order_id: number | null;
    created_by: number;
  }>(
    tx,
    sql`select id, purpose, agent_id, single_use, paid_count, member_id, order_id::float8 as order_id, created_by
      from pay_links where id = ${id} for update`,
  );
  return r[0];
}

/** Records a settled payment of a link once (by payment number); answers whether it was new. */
export async function recordLinkPayment(
  tx: Conn,
  p: { link_id: number; payment_no: string; amount_fen: number; paid_at: Date },
): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into pay_link_payments (link_id, payment_no, amount_fen, paid_at)
    values (${p.link_id}, ${p.payment_no}, ${p.amount_fen}, ${p.paid_at.toISOString()})
    on conflict (payment_no) do nothing returning id`,
  );
  if (!r.length) return false;
  await tx.execute(
    sql`update pay_links set paid_count = paid_count + 1, paid_fen = paid_fen + ${p.amount_fen} where id = ${p.link_id}`,
  );
  return true;
}

export async function linkPayments(db: Conn, linkId: number, page: { page: number; page_size: number }) {
  return paged<PayLinkPaymentRow>(
    db,
    sql`select lp.id, lp.payment_no, lp.amount_fen::float8 as amount_fen, p.method, p.status,
      ${fmtTs('lp.paid_at')} as paid_at`,
    sql`from pay_link_payments lp join payments p on p.payment_no = lp.payment_no`,
    [sql`lp.link_id = ${linkId}`],
    sql`lp.id desc`,
    page,
    'lp.amount_fen',
  );
}

/** The store that collects an agent's wallet recharge: its first live store (decision 167's known gap). */
export async function agentHostStore(db: Conn, agentId: number): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from netbars where agent_id = ${agentId} and status <> 0 order by id limit 1`,
  );
  return r[0]?.id;
}

/** The cashier a link's settlement books to: its creator (the till row's user, their shift). */
export async function creatorOf(db: Conn, userId: number): Promise<{ id: number; name: string }> {
  const r = await rows<{ name: string }>(
    db,
    sql`select coalesce(nullif(true_name, ''), user_name, '') as name from users where id = ${userId}`,
  );
  return { id: userId, name: r[0]?.name || '收款链接' };
}

/** A live member of the pool by its mobile (exact); the card number goes through memberByCard's HMAC. */
export async function memberIdByMobile(db: Conn, pool: number, mobile: string): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from members where pool_id = ${pool} and mobile = ${mobile} and status <> 4 order by id limit 2`,
  );
  return r.length === 1 ? Number(r[0]!.id) : undefined;
}

/** Who a top-up link's payment is for (decision 176): written when the payer starts it. */
export async function insertIntent(db: Conn, i: { payment_no: string; link_id: number; member_id: number }) {
  await db.execute(
    sql`insert into pay_link_intents (payment_no, link_id, member_id)
    values (${i.payment_no}, ${i.link_id}, ${i.member_id}) on conflict (payment_no) do nothing`,
  );
}

export async function intentOf(db: Conn, paymentNo: string) {
  const r = await rows<{ link_id: number; member_id: number }>(
    db,
    sql`select link_id, member_id from pay_link_intents where payment_no = ${paymentNo}`,
  );
  return r[0];
}

/** A member's masked card (the public page of a top-up link for one member). */
export async function memberCard(db: Conn, memberId: number): Promise<string | undefined> {
  const r = await rows<{ card_mask: string }>(db, sql`select card_mask from members where id = ${memberId}`);
  return r[0]?.card_mask;
}
