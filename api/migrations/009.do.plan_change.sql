-- Changing the package while ACTIVE (product.md §10, Changing the package).
-- A downgrade waits for the next renewal: the renewal charges and starts the pending plan.
ALTER TABLE subscriptions ADD COLUMN pending_plan_code TEXT REFERENCES plans (code);

-- An upgrade is paid at once by an order of kind UPGRADE: the prorated difference for the rest of the
-- paid period (period_start = the day it was ordered, period_end = the period's end), from the plan
-- the customer had (from_plan_code). Paid, it changes the plan only if the subscription is still that
-- plan and that period; else the money goes back (REFUNDED).
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_kind_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_kind_check CHECK (kind IN ('PURCHASE', 'RENEWAL', 'UPGRADE'));
ALTER TABLE payment_orders ADD COLUMN from_plan_code TEXT REFERENCES plans (code);
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_upgrade_shape CHECK (
  kind <> 'UPGRADE' OR (from_plan_code IS NOT NULL AND period_start IS NOT NULL AND period_end IS NOT NULL)
);
-- One open upgrade per customer: a newer one cancels the older, as for purchases.
CREATE UNIQUE INDEX payment_orders_one_open_upgrade ON payment_orders (customer_id) WHERE kind = 'UPGRADE' AND status = 'PENDING';
