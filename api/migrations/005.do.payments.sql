-- Cards and payments (product.md §7, Cards and payments). A new card is PENDING until the payment provider
-- confirms its setup; only then does it get its masked number, type and provider payment method.
ALTER TABLE credit_cards ADD COLUMN status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('PENDING', 'ACTIVE', 'FAILED'));
ALTER TABLE credit_cards ADD COLUMN setup_id TEXT UNIQUE;
ALTER TABLE credit_cards ADD COLUMN payment_method TEXT;
ALTER TABLE credit_cards ALTER COLUMN card_type DROP NOT NULL;
ALTER TABLE credit_cards ALTER COLUMN masked_number DROP NOT NULL;
ALTER TABLE credit_cards ALTER COLUMN expiration_mm DROP NOT NULL;
ALTER TABLE credit_cards ALTER COLUMN expiration_yy DROP NOT NULL;
ALTER TABLE credit_cards ADD CONSTRAINT credit_cards_active_shape CHECK (
  status <> 'ACTIVE' OR (card_type IS NOT NULL AND masked_number IS NOT NULL AND expiration_mm IS NOT NULL AND expiration_yy IS NOT NULL)
);

-- Promo subscriptions (product.md §4, Promo): the promo the subscription started with.
ALTER TABLE subscriptions ADD COLUMN promo_type TEXT CHECK (promo_type IN ('DURATION_BASED', 'TIME_UNTIL_BASED'));
ALTER TABLE subscriptions ADD COLUMN promo_until DATE;
ALTER TABLE subscriptions ADD COLUMN promo_days INTEGER;

CREATE SEQUENCE order_numbers START 1;

-- A payment order: PENDING until the provider reports success (PAID) or failure (FAILED). The
-- idempotency key makes a repeated order (double click, network retry) the same order and the same
-- provider payment, so it is charged once.
CREATE TABLE payment_orders (
  order_number TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  plan_code TEXT NOT NULL REFERENCES plans (code),
  card_code UUID REFERENCES credit_cards (code) ON DELETE SET NULL,
  card_number TEXT NOT NULL,
  amount_fening INTEGER NOT NULL CHECK (amount_fening > 0),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'PAID', 'FAILED')),
  idempotency_key TEXT NOT NULL,
  provider_payment_id TEXT UNIQUE,
  failure_code TEXT,
  period_start DATE,
  period_end DATE,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX payment_orders_customer ON payment_orders (customer_id, status);

-- The sandbox card processor's own records (a real processor keeps these on its side). Card numbers
-- are never stored: a payment method keeps the brand, the last four digits, the expiry and how the
-- test card behaves; client secrets are derived from the intent id with a key, never stored.
CREATE TABLE sandbox_payment_methods (
  id TEXT PRIMARY KEY,
  behaviour TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month SMALLINT NOT NULL,
  exp_year SMALLINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE sandbox_intents (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('setup', 'payment')),
  status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation', 'requires_action', 'succeeded', 'failed')),
  amount_fening INTEGER,
  payment_method TEXT REFERENCES sandbox_payment_methods (id),
  idempotency_key TEXT UNIQUE,
  failure_code TEXT,
  metadata JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
