-- A table's bill paid by scan (decision 182): the counter's scan intent may be for a desk session. The
-- minutes billed are frozen when the QR is shown (the settlement charges those, not the wait); the payment
-- is of purpose 'order' with ref D<session id>, so a second payment of the same bill is a refunded duplicate.
alter table counter_scan_pays add column desk_session_id bigint references desk_sessions(id);
alter table counter_scan_pays add column desk_minutes integer;
alter table counter_scan_pays drop constraint counter_scan_pays_purpose_check;
alter table counter_scan_pays add constraint counter_scan_pays_purpose_check
  check (purpose in ('order', 'topup', 'desk'));
alter table counter_scan_pays add constraint counter_scan_pays_desk_check
  check ((purpose = 'desk') = (desk_session_id is not null and desk_minutes is not null));
create index counter_scan_pays_desk on counter_scan_pays (desk_session_id) where desk_session_id is not null;
