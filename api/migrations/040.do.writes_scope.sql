-- A write tells whose rows it touched (decision 051): a transaction that writes one customer's rows alone
-- (a renewal) names them in `portal.writes_scope`, and the notification carries it, so that another
-- server drops only the reads it kept of that customer and of no customer; 'aside' (the sandbox
-- processor's tables) drops none. Without the setting the payload is empty: anything, as before. Expands
-- only: a server of the release before drops everything on any notification, whatever its payload.
CREATE OR REPLACE FUNCTION portal_writes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_writes', COALESCE(current_setting('portal.writes_scope', true), ''));
  RETURN NULL;
END
$$;
