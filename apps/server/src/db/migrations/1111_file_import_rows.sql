-- The rows of a file import that are not plain creations (decision 190): skipped or updated, with the
-- Chinese reason, for the downloadable dry-run report. Rewritten by each dry run of the job.
create table file_import_rows (
  job_id bigint not null references file_import_jobs(id),
  row integer not null,
  outcome text not null check (outcome in ('update', 'skip')),
  reason text not null,
  primary key (job_id, row)
);
