-- A customer's subscription (product.md §4, Subscription status), saved cards (product.md §3, Credit card: masked
-- numbers only) and the PIN check's lockout.
CREATE TABLE subscriptions (
  customer_id INTEGER PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  plan_code TEXT NOT NULL REFERENCES plans (code),
  status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'DEACTIVATED', 'BLOCKED', 'EXPIRED')),
  period_start DATE NOT NULL,
  -- The end of the paid period: the next charge is due on this day.
  next_payment_on DATE NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE credit_cards (
  code UUID PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  primary_card BOOLEAN NOT NULL DEFAULT false,
  card_type TEXT NOT NULL CHECK (card_type IN ('master', 'maestro', 'visa')),
  masked_number TEXT NOT NULL,
  full_name TEXT,
  address TEXT,
  city TEXT,
  zip TEXT,
  phone TEXT,
  country TEXT,
  email TEXT,
  expiration_mm SMALLINT NOT NULL CHECK (expiration_mm BETWEEN 1 AND 12),
  expiration_yy SMALLINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX credit_cards_customer ON credit_cards (customer_id);
CREATE UNIQUE INDEX credit_cards_one_primary ON credit_cards (customer_id) WHERE primary_card;

ALTER TABLE customers ADD COLUMN pin_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN pin_locked_until TIMESTAMPTZ;
