-- A customer whose subscription the operator blocks is signed out everywhere at once (product.md §10,
-- Devices): whichever way the status changes (the operator's SQL, a tool, a future call), the database
-- ends every open device session of that customer in the same transaction.
CREATE FUNCTION end_sessions_of_blocked() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'BLOCKED' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'BLOCKED') THEN
    UPDATE device_sessions SET revoked_at = now() WHERE customer_id = NEW.customer_id AND revoked_at IS NULL;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER subscriptions_blocked_signs_out
  AFTER INSERT OR UPDATE OF status ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION end_sessions_of_blocked();
