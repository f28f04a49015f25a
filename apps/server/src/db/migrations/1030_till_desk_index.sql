-- The home dashboard's "last week up to this time of day" reads each store's table and room takings of
-- one partial business day (decision 158); through till_ledger_store it read every till row of the day
-- to keep the 'desk' ones (2,798 rows a store at 10M order lines, decision 159). A partial index on the
-- desk rows makes it a range read of those rows alone.
create index till_ledger_desk_at on till_ledger (netbar_id, at) where kind = 'desk';
