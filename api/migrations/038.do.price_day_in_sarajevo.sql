-- An operator's `UPDATE plans SET price_fening` (migration 022's trigger) applies from the day of the
-- statement in Sarajevo, the portal's calendar day (api/src/days.ts, decision 049), not the session's
-- CURRENT_DATE: a server set up in UTC would date one made before 01:00 or 02:00 the day before. Only
-- replaces the function: a server of the release before calls it the same way.
CREATE OR REPLACE FUNCTION plans_price_by_sql() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price_fening <> OLD.price_fening THEN
    INSERT INTO plan_prices (plan_code, price_fening, applies_from, staff_name, reason)
    VALUES (NEW.code, NEW.price_fening, (now() AT TIME ZONE 'Europe/Sarajevo')::date, 'SQL', 'UPDATE plans');
  END IF;
  RETURN NEW;
END $$;
