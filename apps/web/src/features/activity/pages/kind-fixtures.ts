import type { KindActivityRow } from '../api/activity-api';

/** A 营销活动 or 直播抽奖 row as promotion_list / live_draw_list answer it (tests of this folder). */
export const kindRow = (over: Partial<KindActivityRow>): KindActivityRow => ({
  id: 1,
  netbar_id: 9,
  kind: 'topup_promo',
  name: '充值满送',
  scope: 'store',
  status: 'published',
  state: 'running',
  starts_at: '2026-01-01 00:00:00',
  ends_at: '2026-02-01 00:00:00',
  windows: [],
  audience: { levels: [], visitor: 'all', list_mode: 'none', members: [], machines: [] },
  per_day_limit: 0,
  per_member_limit: 0,
  budget_fen: 500_000,
  spent_fen: 0,
  price_kind: 'none',
  price_amount: 0,
  threshold_fen: 0,
  claims: 0,
  members: 0,
  prizes: [],
  created_at: '2026-01-01 00:00:00',
  promo_mode: 'tier',
  draw_from: '',
  drawn_at: null,
  tiers: [],
  ...over,
});

/** The body a request sent (form-encoded or JSON). */
export const sentBody = (data: unknown): Record<string, string> => {
  const s = String(data ?? '');
  try {
    return JSON.parse(s);
  } catch {
    return Object.fromEntries(new URLSearchParams(s));
  }
};
