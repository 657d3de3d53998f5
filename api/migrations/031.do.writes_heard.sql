-- Every write is told to every server process: a statement trigger on each table notifies
-- `portal_writes` (once per transaction: PostgreSQL folds equal notifications), and each server drops the
-- prepared reads it keeps when it hears one (db/writesHeard.ts, decision 047). A table a later migration
-- makes takes the same trigger (a test holds every table to it). Expands only: a server of the release
-- before never listens, and a notification nobody listens for is dropped.
CREATE FUNCTION portal_writes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_writes', '');
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schemaversion' LOOP
    EXECUTE format(
      'CREATE TRIGGER portal_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_writes_notify()',
      t.tablename);
  END LOOP;
END
$$;
