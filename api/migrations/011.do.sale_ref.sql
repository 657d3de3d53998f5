-- Where a sale came from (product.md §10, the widget's `ref`): kept with the order that paid it, and
-- with the promo use when a promo started the subscription.
ALTER TABLE payment_orders ADD COLUMN ref TEXT CHECK (char_length(ref) <= 200);
ALTER TABLE promo_uses ADD COLUMN ref TEXT CHECK (char_length(ref) <= 200);
