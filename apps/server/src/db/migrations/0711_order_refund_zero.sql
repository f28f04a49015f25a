-- A refund of goods given at no charge (an edited price of ¥0) returns the goods and no money: its
-- order_refunds row carries 0 (0710 asked for more than 0).
alter table order_refunds drop constraint order_refunds_amount_fen_check;
alter table order_refunds add constraint order_refunds_amount_fen_check check (amount_fen >= 0);
