-- agent_netbar_extension carries a request id: a double click or a retry creates one order.
alter table consumption_orders add column request_id text;
create unique index consumption_orders_request_uq on consumption_orders(agent_id, request_id) where request_id is not null;
