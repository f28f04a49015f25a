-- 付款码 (micropay) in the sandbox acquirer (decision 182): a charge of the customer's code may wait for the
-- customer to confirm on the phone (USERPAYING); the next query then finds it paid.
alter table sandbox_txns add column micropay_pending boolean not null default false;
