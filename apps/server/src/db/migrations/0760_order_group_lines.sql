-- Goods groups (套餐) sold at the counter (issue 13, docs/decisions/142-goods-groups-at-the-counter.md): an
-- order line is a SKU or a goods group, exactly one of the two. A group line carries the group's name and,
-- in `items` ([{sku_id, name, qty}]), what one group held when it was sold: refunds give back those goods
-- even after the group is edited. A sold group can no longer be deleted (the foreign key): it goes off
-- the shelf instead, as sold goods do.
alter table order_lines alter column sku_id drop not null;
alter table order_lines add column group_id integer references goods_groups(id);
alter table order_lines add column items jsonb not null default '[]'::jsonb;
alter table order_lines add constraint order_lines_sku_or_group check ((sku_id is null) <> (group_id is null));
-- the foreign key's lookup when a group is deleted, and a list filter by group later
create index order_lines_group on order_lines (group_id, order_id) where group_id is not null;
