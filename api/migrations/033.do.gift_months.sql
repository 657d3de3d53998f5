-- A month paid with a gift's voucher (docs/vouchers.md, A gift): `paid_by_gift` names the GIFT order that
-- sold it, whose invoice covers it (a single-purpose voucher is invoiced once, at its sale). Such a month
-- is in the payment history, "Plaćeno vaučerom …ABCD", with no invoice of its own. Expands only: a
-- server of the release before never writes the column, and reads it nowhere.
ALTER TABLE payment_orders ADD COLUMN paid_by_gift TEXT REFERENCES payment_orders (order_number);
