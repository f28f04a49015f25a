-- 抹分 (docs/decisions/143-cash-rounding.md): the till's smallest face is 1 角, so the cash part of a
-- payment is rounded down to the 角 and the 分 it leaves (1-9) are a 抹零 discount.
-- orders: total_fen = the lines' total − round_fen (discount_fen includes it), so payments = total − refunds
-- still holds; a refund's round_fen is what its lines' shares give back above the money returned (signed:
-- a partial cash refund rounds down, the last refund returns what is left), so over an order's refunds
-- the lines' refunded sum = refunded_fen + Σ round_fen.
alter table orders add column round_fen bigint not null default 0 check (round_fen between 0 and 9);
alter table order_refunds add column round_fen bigint not null default 0;
-- a table's settlement: the bill (total_fen) minus round_fen is what was paid
alter table desk_sessions add column round_fen bigint not null default 0 check (round_fen between 0 and 9);
-- a lease's return: fee_fen is the fee charged after 抹分, round_fen what was taken off it
alter table lease_orders add column round_fen bigint not null default 0 check (round_fen between 0 and 9);
