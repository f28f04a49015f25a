-- The live channel (issue 12 item 7, docs/decisions/111): seat orders (BUY 2) and service calls (CALL 4)
-- fired by a store's terminals, and broadcasts (ALL 6) from its console. A row stays pending until staff
-- acknowledge it (acked_at); an acknowledgement or a broadcast takes the next out_seq, the cursor of the
-- terminal's acknowledgement feed.

create sequence terminal_out_seq;

create table terminal_messages (
  id bigserial primary key,
  netbar_id int not null references netbars(id),
  kind smallint not null check (kind in (2, 4, 6)),
  machine text not null default '',
  -- the venue's machine row when the store has one by that name
  machine_id int,
  payload jsonb not null default '{}',
  -- a terminal retry carries the same request_id and gets the first row back
  request_id text,
  created_at timestamptz not null default now(),
  created_by int,
  acked_at timestamptz,
  acked_by int,
  acked_name text not null default '',
  out_seq bigint
);
create unique index terminal_messages_request_uq on terminal_messages(netbar_id, request_id)
  where request_id is not null;
create index terminal_messages_pending on terminal_messages(netbar_id, id) where acked_at is null;
create unique index terminal_messages_out_seq on terminal_messages(netbar_id, out_seq)
  where out_seq is not null;
