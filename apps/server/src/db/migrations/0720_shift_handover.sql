-- Shift handover (issue 13 item 6; docs/decisions/126-shift-handover.md, 127-shift-auto-handover-approval.md).
-- The handover closes a shift with its cash count and opens the next; an over/short may wait for the
-- owner's approval; the automatic handover at fixed times closes shifts or marks them 待点钞.

-- 'counter': handed over by its cashier; 'auto': closed by the automatic handover
alter table shifts add column closed_how text not null default '' check (closed_how in ('', 'counter', 'auto'));
-- the automatic handover came while the store requires a count: 待点钞 until the cashier hands over
alter table shifts add column handover_due_at timestamptz;
-- '' no approval needed; pending 待审批; approved 已审批; rejected 已驳回
alter table shifts add column approval_status text not null default ''
  check (approval_status in ('', 'pending', 'approved', 'rejected'));
alter table shifts add column approved_at timestamptz;
alter table shifts add column approval_remark text not null default '';
-- the handover's request_id: a retried handover finds the shift it closed and applies nothing
alter table shifts add column handover_request_id text;
-- the orders (unpaid, preparing) the handover moved to the next shift
alter table shifts add column carried_order_ids jsonb not null default '[]'::jsonb;
create unique index shifts_handover_request on shifts (netbar_id, handover_request_id)
  where handover_request_id is not null;
create index shifts_cashier on shifts (netbar_id, cashier_id, opened_at desc, id desc);
create index shifts_approval on shifts (netbar_id) where approval_status = 'pending';

-- Cloud-billing handover settings of a store (application handover/cloud_billing 10508)
create table shift_settings (
  netbar_id integer primary key references netbars(id),
  -- automatic handover times, Asia/Shanghai 'HH:mm', e.g. ["08:00","20:00"]
  auto_times jsonb not null default '[]'::jsonb,
  count_required boolean not null default false,
  -- who approves an over/short: 'none' (nobody needs to) or 'owner'
  approval text not null default 'none' check (approval in ('none', 'owner')),
  -- the last automatic handover slot done for the store: the job never runs a slot twice
  last_auto_at timestamptz,
  updated_by text not null default '',
  updated_at timestamptz not null default now()
);
