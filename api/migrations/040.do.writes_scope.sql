-- A write tells whose rows it touched (decision 051): a transaction that writes one customer's rows alone
-- (a renewal) names them in `portal.writes_scope`, and the notification carries it, so that another
-- server drops only the reads it kept of that customer and of no customer. Tables no kept read reads (the
-- sandbox processor's, the outbox) tell nobody. Without the setting the payload is empty: anything, as
-- before. Expands only: a server of the release before drops everything on any notification, whatever
-- its payload, and keeps no read of those tables.
CREATE OR REPLACE FUNCTION portal_writes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME LIKE 'sandbox\_%' OR TG_TABLE_NAME = 'outbox' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('portal_writes', COALESCE(current_setting('portal.writes_scope', true), ''));
  RETURN NULL;
END
$$;
