-- Staff performance (decision 147) reads a store's top-ups and seat deliveries of a period: partial
-- indexes so neither scans the store's whole member ledger nor every order event of every store.
create index member_ledger_topups on member_ledger (netbar_id, at) where kind = 'topup';
create index order_events_deliver on order_events (netbar_id, at) where kind = 'deliver';
