-- 营销活动 (top-up promotions) and 直播抽奖 on the activity engine (issue 17 parts 3 and 6, decision 178).
-- A kind's own settings beside its activity row: a promotion's mode (充值满送 tiers, 首充, 生日) and a
-- live draw's pool (members online, or checked in that day) and when it was drawn (once).
create table activity_settings (
  activity_id integer primary key references activities(id),
  promo_mode text not null default '' check (promo_mode in ('', 'tier', 'first', 'birthday')),
  draw_from text not null default '' check (draw_from in ('', 'online', 'signed')),
  drawn_at timestamptz
);

-- A promotion's tier: the prize paid when a top-up reaches min_topup_fen (the highest tier reached applies).
create table activity_prize_tiers (
  prize_id integer primary key references activity_prizes(id),
  min_topup_fen bigint not null check (min_topup_fen > 0)
);

-- A member's birthday (month-day), from an ID card number when the card is saved; null = unknown.
create table member_birthdays (
  member_id integer primary key references members(id),
  md text not null check (md ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$')
);
