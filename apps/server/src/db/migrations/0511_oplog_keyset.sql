-- Keyset pages of the operation log (decision 060): `at desc, id desc` after a cursor, per tenant column.
create index operation_log_at_id on operation_log(at, id);
create index operation_log_agent_at_id on operation_log(agent_id, at, id);
create index operation_log_netbar_at_id on operation_log(netbar_id, at, id);
create index operation_log_user_at_id on operation_log(user_id, at, id);
drop index if exists operation_log_at;
drop index if exists operation_log_agent;
drop index if exists operation_log_netbar;
drop index if exists operation_log_user;
-- keyset pages of an agent's wallet ledger: id desc
create index if not exists wallet_ledger_agent on wallet_ledger(agent_id, id);
