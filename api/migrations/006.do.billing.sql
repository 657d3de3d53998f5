-- Billing (product.md §9, §10; automatic charging and grace period). A renewal is a payment order of
-- kind RENEWAL, one per subscription period (its idempotency key is `renewal-<due day>`), paid by one
-- or more attempts: the first on the due day, retries on the configured days of the grace period.
ALTER TABLE payment_orders ADD COLUMN kind TEXT NOT NULL DEFAULT 'PURCHASE' CHECK (kind IN ('PURCHASE', 'RENEWAL'));
ALTER TABLE payment_orders ADD COLUMN due_on DATE;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_renewal_due CHECK (kind <> 'RENEWAL' OR due_on IS NOT NULL);

-- The subscription's billing state for its current due day (next_payment_on): failed attempts so far
-- and the day of the next one (null: the due day itself).
ALTER TABLE subscriptions ADD COLUMN billing_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN billing_next_on DATE;
CREATE INDEX subscriptions_due ON subscriptions (status, next_payment_on);

-- Every attempt to charge a period, once: the unique key is what keeps several job runners from
-- charging the same subscription twice for one period and attempt. A PENDING row whose runner died
-- is taken over, with the same provider idempotency key, after a lease.
CREATE TABLE billing_attempts (
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  due_on DATE NOT NULL,
  attempt INTEGER NOT NULL CHECK (attempt >= 0),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  order_number TEXT REFERENCES payment_orders (order_number) ON DELETE SET NULL,
  provider_payment_id TEXT,
  failure_code TEXT,
  runner TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (customer_id, due_on, attempt)
);
