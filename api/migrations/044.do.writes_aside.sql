-- The console's sessions and trail, the limits' counters and the code destinations tell nobody, as the
-- sandbox processor's tables and the outbox already do (040): no kept read reads them
-- (api/src/db/preparedReads.ts refuses a prepared read that does), so a console at work or a login
-- counted leaves every server's kept reads kept. Expands only: a server of the release before drops
-- everything on any notification, and hears fewer now.
CREATE OR REPLACE FUNCTION portal_writes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME LIKE 'sandbox\_%' OR TG_TABLE_NAME IN (
    'outbox', 'staff', 'staff_sessions', 'staff_browsers', 'audit_events', 'rate_limits', 'code_destinations'
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('portal_writes', COALESCE(current_setting('portal.writes_scope', true), ''));
  RETURN NULL;
END
$$;
