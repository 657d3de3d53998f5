-- Prices and promos run from the console (docs/prices-and-promos.md). Only adds: a release before it
-- keeps reading `plans.price_fening` and `plan_promos` as before.
--
-- A package's price history: each row a price in fening that applies from a day, with who set it and
-- why. The list price on a day is the newest row applying by then (`plan_price`); a package without
-- rows costs `plans.price_fening`. An operator's `UPDATE plans SET price_fening` is history too: the
-- trigger below writes it as a row applying from the day of the statement.
CREATE TABLE plan_prices (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  plan_code TEXT NOT NULL REFERENCES plans (code) ON DELETE CASCADE,
  price_fening INTEGER NOT NULL CHECK (price_fening > 0 AND price_fening <= 10000000),
  applies_from DATE NOT NULL,
  staff_id INTEGER,
  staff_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX plan_prices_plan ON plan_prices (plan_code, applies_from DESC, id DESC);

CREATE FUNCTION plan_price(p_code TEXT, p_day DATE) RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT pp.price_fening FROM plan_prices pp WHERE pp.plan_code = p_code AND pp.applies_from <= p_day
      ORDER BY pp.applies_from DESC, pp.id DESC LIMIT 1),
    (SELECT p.price_fening FROM plans p WHERE p.code = p_code))
$$;

CREATE FUNCTION plans_price_by_sql() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price_fening <> OLD.price_fening THEN
    INSERT INTO plan_prices (plan_code, price_fening, applies_from, staff_name, reason)
    VALUES (NEW.code, NEW.price_fening, CURRENT_DATE, 'SQL', 'UPDATE plans');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER plans_price_history AFTER UPDATE OF price_fening ON plans
  FOR EACH ROW EXECUTE FUNCTION plans_price_by_sql();

-- A promo campaign's story: who started or ended it, when and why (the reasons are in the audit trail too).
ALTER TABLE plan_promos ADD COLUMN started_at TIMESTAMPTZ;
ALTER TABLE plan_promos ADD COLUMN started_by TEXT;
ALTER TABLE plan_promos ADD COLUMN ended_at TIMESTAMPTZ;
ALTER TABLE plan_promos ADD COLUMN ended_by TEXT;
ALTER TABLE plan_promos ADD COLUMN reason TEXT;

-- A rise told to a subscriber: once per subscriber and price change (the primary key decides), with the
-- day they were told and the first renewal it applies from (at least PRICE_NOTICE_DAYS later).
CREATE TABLE price_notices (
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  price_id INTEGER NOT NULL REFERENCES plan_prices (id) ON DELETE CASCADE,
  plan_code TEXT NOT NULL REFERENCES plans (code),
  price_fening INTEGER NOT NULL,
  told_on DATE NOT NULL,
  applies_from DATE NOT NULL,
  PRIMARY KEY (customer_id, price_id)
);
CREATE INDEX price_notices_customer ON price_notices (customer_id, plan_code, applies_from DESC);
