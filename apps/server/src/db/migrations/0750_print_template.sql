-- Receipt templates (issue 13 item 5; docs/decisions/129-receipt-templates.md): a store's templates of the
-- sales receipt, top-up receipt, lease slip and handover slip, and which one is its default per kind.
-- The default is a pointer row keyed by (store, kind): one default per store and kind by construction, and
-- setting it is one upsert, safe under concurrency; no row means the built-in template.

create table print_templates (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  kind text not null check (kind in ('sale', 'topup', 'lease', 'handover')),
  name text not null,
  paper_mm smallint not null check (paper_mm in (58, 80)),
  title text not null default '',
  header text not null default '',
  footer text not null default '',
  -- [{key, show, align}] in print order; keys from the contract's PRINT_FIELDS of the kind
  fields jsonb not null default '[]'::jsonb,
  updated_by text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index print_templates_name on print_templates (netbar_id, kind, name);
create unique index print_templates_kind on print_templates (netbar_id, kind, id);

create table print_template_defaults (
  netbar_id integer not null references netbars(id),
  kind text not null,
  template_id integer not null,
  updated_at timestamptz not null default now(),
  primary key (netbar_id, kind),
  -- the default is a template of the same store and kind; deleting it falls back to the built-in one
  foreign key (netbar_id, kind, template_id) references print_templates (netbar_id, kind, id) on delete cascade
);
