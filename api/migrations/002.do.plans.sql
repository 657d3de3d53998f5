-- The packages on sale and their promos (product.md §3, Plan; 4, Promo). Prices are monthly, in KM, VAT included.
CREATE TABLE plans (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  price_fening INTEGER NOT NULL CHECK (price_fening > 0),
  position INTEGER NOT NULL
);

CREATE TABLE plan_promos (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  plan_code TEXT NOT NULL REFERENCES plans (code) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'ACTIVE',
  promo_type TEXT NOT NULL CHECK (promo_type IN ('DURATION_BASED', 'TIME_UNTIL_BASED')),
  duration_until DATE,
  duration_days INTEGER,
  CONSTRAINT plan_promos_shape CHECK (
    (promo_type = 'DURATION_BASED' AND duration_days > 0)
    OR (promo_type = 'TIME_UNTIL_BASED' AND duration_until IS NOT NULL)
  )
);

INSERT INTO plans (code, name, price_fening, position) VALUES
  ('starton', 'StartON', 1490, 1),
  ('maxon', 'MaxON', 2490, 2);

INSERT INTO plan_promos (plan_code, promo_type, duration_days) VALUES ('starton', 'DURATION_BASED', 14);
INSERT INTO plan_promos (plan_code, promo_type, duration_until) VALUES ('maxon', 'TIME_UNTIL_BASED', DATE '2027-03-31');
