-- Which kind of server made this database, so that the two never mix (docs/deploy/README.md, A demo):
-- a sandbox (SANDBOX=1: demo customers, /api/dev/outbox showing every message) refuses a database a
-- production server has used, and a production server one a sandbox made. One row, written by the
-- first start that finds none (api/src/db/madeBy.ts). Expands only: a server of the release before
-- never reads it.
CREATE TABLE database_made_by (
  one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
  made_by TEXT NOT NULL CHECK (made_by IN ('sandbox', 'production')),
  made_at TIMESTAMPTZ NOT NULL
);
CREATE TRIGGER portal_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON database_made_by
  FOR EACH STATEMENT EXECUTE FUNCTION portal_writes_notify();
