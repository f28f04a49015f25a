import type {
  MemberLedgerKind,
  MemberListQuery,
  MemberRow,
  TopUpPreview,
  TopUpPreviewQuery,
} from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { listMembers, liveIdByHmac, memberById } from './member.repo.ts';
import { cipherFor, memberFieldKey } from './member-crypto.ts';
import { memberLedgerPage } from './member-ledger.repo.ts';
import { topUpPromotionPreview } from './member-move.ts';
import { memberPool, poolStores } from './member-pool.ts';

/** Reads of the member book, each through the caller's pool. */

export async function memberList(db: Conn, s: TenantScope, q: MemberListQuery, all = false) {
  return listMembers(db, await memberPool(db, s), q, all);
}

export async function memberStores(db: Conn, s: TenantScope) {
  return poolStores(db, await memberPool(db, s));
}

export async function memberOne(db: Conn, s: TenantScope, id: number): Promise<MemberRow> {
  const m = await memberById(db, await memberPool(db, s), id);
  if (!m) throw new NotFoundError('会员不存在');
  return m;
}

export async function memberLedger(
  db: Conn,
  s: TenantScope,
  q: { member_id: number; kind?: MemberLedgerKind; page: number; page_size: number; after?: string },
) {
  const pool = await memberPool(db, s);
  if (!(await memberById(db, pool, q.member_id))) throw new NotFoundError('会员不存在');
  return memberLedgerPage(db, pool, q);
}

/**
 * 会员充值's preview (decision 187): the 营销活动 a top-up of that amount would join now, chosen by the same
 * code the top-up runs (the activity module's hook), paying nothing. The level's bonus is the contract's
 * topUpBonus, which the dialog computes itself.
 */
export async function topUpPreview(db: Conn, s: TenantScope, q: TopUpPreviewQuery): Promise<TopUpPreview> {
  const pool = await memberPool(db, s);
  if (!(await memberById(db, pool, q.member_id))) throw new NotFoundError('会员不存在');
  const promotion = await topUpPromotionPreview(db, { pool, memberId: q.member_id, amount: q.amount_fen });
  return { promotion: promotion ?? null };
}

/**
 * A live member of the caller's pool by its card number (exact, through the HMAC; for the terminal's
 * logon and the counter's card reader). A 已退卡 card is not found; other statuses are returned for the
 * caller to refuse with their reason.
 */
export async function memberByCard(
  deps: { db: Conn; config: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string } },
  s: TenantScope,
  cardNo: string,
): Promise<MemberRow | undefined> {
  const pool = await memberPool(deps.db, s);
  const hmac = cipherFor(memberFieldKey(deps.config)).lookup(cardNo);
  const id = await liveIdByHmac(deps.db, pool, hmac);
  return id ? memberById(deps.db, pool, id) : undefined;
}

/**
 * The counter's lookup (收银台 attaching a member): the live member whose full card number is `q`
 * (exact, through the HMAC: the list's keyword only sees the masked card), then members whose name,
 * mobile or masked card contains it; at most 10, masked like the list.
 */
export async function memberLookup(
  deps: { db: Conn; config: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string } },
  s: TenantScope,
  q: string,
): Promise<MemberRow[]> {
  const byCard = await memberByCard(deps, s, q);
  const found = await memberList(deps.db, s, { keyword: q, page: 1, page_size: 10 });
  const rest = found.list.filter((m) => m.id !== byCard?.id);
  return (byCard ? [byCard, ...rest] : rest).slice(0, 10);
}
