-- 线上红包 pushed to the PCs (decision 183): one row per envelope activity and release (Beijing day and the
-- daily window's start; '' for an activity without windows), written once, so the members online at that
-- moment are told once however many passes or processes look.
create table activity_envelope_releases (
  activity_id integer not null references activities(id),
  day date not null,
  window_from text not null default '',
  machines integer not null default 0,
  released_at timestamptz not null default now(),
  primary key (activity_id, day, window_from)
);
