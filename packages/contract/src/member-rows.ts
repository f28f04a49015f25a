import type {
  BonusRule,
  CardKindValue,
  DeductOrder,
  MemberLedgerKind,
  MemberStatusValue,
  RedeemKind,
} from './member';
import type { TopUpPromotion } from './promotion';

/** What the member screens and the other domains read (money in fen). */

export interface MemberRow {
  id: number;
  card_kind: CardKindValue;
  /** Always masked; the owner opens the real number with /member_card_reveal. */
  card_mask: string;
  name: string;
  mobile: string;
  level_id: number;
  level_name: string;
  /** The level's 享受会员价: goods are sold at their member price to this member (else at the list price). */
  member_price: boolean;
  principal_fen: number;
  bonus_fen: number;
  points: number;
  /** Free online minutes (redeemed for points; sessions use them before money, decision 109). */
  free_minutes: number;
  topup_total_fen: number;
  status: MemberStatusValue;
  netbar_id: number;
  netbar_name: string;
  created_by_name: string;
  remark: string;
  /** 生日 YYYY-MM-DD, '' when unknown (decision 183). */
  birthday: string;
  created_at: string;
  last_visit_at: string;
  /** Whether the member has a password (the hash itself never leaves the server). */
  has_password: boolean;
}

export interface MemberLedgerRow {
  id: number;
  member_id: number;
  kind: MemberLedgerKind;
  principal_delta: number;
  principal_before: number;
  principal_after: number;
  bonus_delta: number;
  bonus_before: number;
  bonus_after: number;
  points_delta: number;
  points_before: number;
  points_after: number;
  minutes_delta: number;
  minutes_before: number;
  minutes_after: number;
  pay_method: string;
  paid_fen: number;
  order_id: number | null;
  session_id: number | null;
  shift_id: number | null;
  ref_no: string;
  remark: string;
  user_name: string;
  netbar_name: string;
  request_id: string;
  at: string;
}

export interface LevelRow {
  id: number;
  name: string;
  threshold_fen: number;
  rate_discount: number;
  member_price: boolean;
  points_per_yuan: number;
  bonus_rules: BonusRule[];
  overdraft_fen: number;
  member_count: number;
}

export interface MemberSettings {
  deduct_order: DeductOrder;
  /** The chain head's 会员连锁通用: members shared by every store of the chain. */
  chain_shared: boolean;
  /** Whether the current store is a chain head (only a head may change chain_shared). */
  is_chain_head: boolean;
  /** The chain head's setting applies to this store. */
  shared_by_chain: boolean;
  /** Members without a password may log on at a machine by card alone (default true). */
  card_only_logon: boolean;
}

export interface RedemptionRow {
  id: number;
  member_id: number;
  member_name: string;
  card_mask: string;
  kind: RedeemKind;
  points: number;
  bonus_fen: number;
  minutes: number;
  sku_id: number | null;
  goods_name: string;
  qty: number;
  /** The stock sale that took the goods off the counter (goods redemptions, decision 118). */
  sale_no: string;
  remark: string;
  user_name: string;
  netbar_name: string;
  at: string;
}

/** The answer of a top-up, consumption, correction, transfer or redemption: the ledger row(s). */
export interface MemberMoveResult {
  replay: boolean;
  ledger: MemberLedgerRow;
  /** A transfer's second row (the receiving member). */
  ledger_in?: MemberLedgerRow;
  /** A top-up that reached a higher level. */
  upgraded_to?: string;
  /** The top-up promotion (营销活动) this top-up joined, paid with it (decision 178). */
  promotion?: TopUpPromotion;
}

/** member_topup_preview (decision 187): the promotion a top-up of that amount would join now, or none. */
export interface TopUpPreview {
  promotion: TopUpPromotion | null;
}
