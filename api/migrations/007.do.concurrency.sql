-- Limits that hold across requests and API processes (docs/limits.md): one row per limited key, taken
-- and counted in one statement. `not_before` spaces attempts out once a key is past its soft limit.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  window_ends TIMESTAMPTZ NOT NULL,
  not_before TIMESTAMPTZ
);
CREATE INDEX rate_limits_window ON rate_limits (window_ends);

-- An approved registration or reset is good for a limited time after its code was accepted.
CREATE INDEX verifications_approved ON verifications (approved_at) WHERE approved_at IS NOT NULL AND completed_at IS NULL;

-- A promo is used once per customer and plan, for ever: the row is inserted with the subscription.
CREATE TABLE promo_uses (
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  plan_code TEXT NOT NULL REFERENCES plans (code),
  used_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (customer_id, plan_code)
);
INSERT INTO promo_uses (customer_id, plan_code, used_at)
  SELECT customer_id, plan_code, updated_at FROM subscriptions WHERE promo_type IS NOT NULL
  ON CONFLICT DO NOTHING;

-- One open purchase order per customer: a newer order cancels the older one (CANCELLED), and a payment
-- that arrives for an order the customer may no longer buy is refunded (REFUNDED).
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_status_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_status_check CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED'));
UPDATE payment_orders o SET status = 'CANCELLED'
  WHERE o.kind = 'PURCHASE' AND o.status = 'PENDING'
    AND EXISTS (SELECT 1 FROM payment_orders n WHERE n.customer_id = o.customer_id AND n.kind = 'PURCHASE' AND n.status = 'PENDING'
                  AND (n.created_at, n.order_number) > (o.created_at, o.order_number));
CREATE UNIQUE INDEX payment_orders_one_open_purchase ON payment_orders (customer_id) WHERE kind = 'PURCHASE' AND status = 'PENDING';

-- The sandbox processor's refunds (a real processor keeps these on its side).
ALTER TABLE sandbox_intents ADD COLUMN refunded_at TIMESTAMPTZ;
