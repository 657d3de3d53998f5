-- The daily clean-up of what may go (api/src/retention/cleanUp.ts, docs/deploy/README.md#sizing-and-retention):
-- delivered messages, ended sessions, finished codes and invoice PDFs that are made again on demand.
-- One row per day (UTC), claimed by the statement that inserts it, so that of several processes one
-- runs it; a claim not finished within an hour (a process stopped midway) may be taken again. `removed`
-- counts what went, by kind. Expands only: a server of the release before never reads it.
CREATE TABLE retention_runs (
  day DATE PRIMARY KEY,
  started_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ,
  removed JSONB
);
CREATE TRIGGER portal_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON retention_runs
  FOR EACH STATEMENT EXECUTE FUNCTION portal_writes_notify();
