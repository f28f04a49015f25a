-- 滞销统计 (238, issue 15): an item's last sale and last receipt are one probe each, whatever its
-- other ledger rows (a fast seller's last goods_in no longer scans back through its sales).
create index if not exists stock_ledger_item_ref_at on stock_ledger (netbar_id, item_kind, item_id, ref_type, at);
