-- What a subscriber pays, stored when it is agreed (docs/prices-and-promos.md, What a subscriber pays):
-- `agreed_price_fening` for the package they have, set by a purchase (its amount), a free promo (the
-- list price after it), a paid upgrade (the new package's list price that day) and a renewal (what it
-- charged); `pending_price_fening` for a downgrade waiting for the renewal, set when it is scheduled
-- (the list price the quote showed). Only a price notice changes either before the customer agrees to
-- another. Both are filled from what the portal derived until now: the last full month paid for the
-- package, else its list price when the period started; a waiting change's list price the day it was
-- scheduled. Expands only: a server of the release before neither reads nor writes them; a subscription
-- it activates or changes keeps the columns as they were until the next renewal sets them again.
ALTER TABLE subscriptions ADD COLUMN agreed_price_fening INTEGER CHECK (agreed_price_fening > 0);
ALTER TABLE subscriptions ADD COLUMN pending_price_fening INTEGER CHECK (pending_price_fening > 0);
UPDATE subscriptions s SET agreed_price_fening = COALESCE(
  (SELECT o.amount_fening FROM payment_orders o
    WHERE o.customer_id = s.customer_id AND o.plan_code = s.plan_code AND o.kind IN ('PURCHASE', 'RENEWAL')
      AND o.status IN ('PAID', 'REFUNDED')
    ORDER BY o.updated_at DESC, o.order_number DESC LIMIT 1),
  plan_price(s.plan_code, s.period_start));
UPDATE subscriptions s SET pending_price_fening = plan_price(s.pending_plan_code, s.updated_at::date)
 WHERE s.pending_plan_code IS NOT NULL;
