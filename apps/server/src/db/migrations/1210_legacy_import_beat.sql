-- A legacy import's heartbeat (docs/decisions/194-legacy-import.md, amended): the process running a job
-- touches beat_at every 20 s; a running job not yet handed to file-import whose beat is older than 90 s lost its
-- process (kill -9, a crash, another server of the cluster gone) and is failed at once, instead of 10 minutes
-- after it started. Jobs of an older version beat from now on.
alter table legacy_import_jobs add column beat_at timestamptz not null default now();
