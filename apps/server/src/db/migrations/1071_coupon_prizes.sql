-- Coupons as an activity prize (decision 186): a prize of kind 'coupon' names the template it issues; a
-- claim issues `amount` coupons of it in the claim's transaction.
alter table activity_prizes drop constraint activity_prizes_kind_check;
alter table activity_prizes add constraint activity_prizes_kind_check
  check (kind in ('bonus', 'points', 'minutes', 'goods', 'coupon'));
alter table activity_prizes add column coupon_template_id integer references coupon_templates(id);

-- The coupon an order used and what it took off (kept after a refund gives the coupon back).
alter table orders add column coupon_id bigint;
alter table orders add column coupon_name text not null default '';
alter table orders add column coupon_fen bigint not null default 0 check (coupon_fen >= 0);
