-- The day a failing renewal's grace period counts from (product.md §9): its due day, or the day of the
-- first charge attempt when that came later (a pass that ran late, after an outage). Read only while
-- billing_failures > 0; each failed attempt writes it.
ALTER TABLE subscriptions ADD COLUMN billing_grace_from DATE;
