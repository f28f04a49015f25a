-- Seat orders (issue 13 item 2, docs/decisions/134-seat-orders.md): a BUY from a PC names the order it
-- became in its payload (order_id); moving that order at the counter acknowledges the BUY by this lookup.
create index terminal_messages_order on terminal_messages (netbar_id, ((payload->>'order_id')::bigint))
  where kind = 2;
