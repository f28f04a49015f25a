-- Free online minutes (issue 12; docs/decisions/109-free-minutes.md) and goods redemption through the stock
-- ledger (docs/decisions/118-redeemed-goods-stock.md).
-- A member's free minutes (redeemed for points) are a running figure like 本金/奖励/points: the sum of the
-- ledger's minutes_delta, changed only by applyMemberMove. A session records how many of its minutes free
-- minutes paid for; the checkpoint consumes them before money.

alter table members add column free_minutes integer not null default 0 check (free_minutes >= 0);

alter table member_ledger add column minutes_delta integer not null default 0;
alter table member_ledger add column minutes_before integer not null default 0;
alter table member_ledger add column minutes_after integer not null default 0;

alter table online_sessions add column free_minutes integer not null default 0 check (free_minutes >= 0);

-- the stock sale a goods redemption wrote (stock_sales.id; its ledger rows carry sale_id)
alter table member_redemptions add column sale_id bigint;
