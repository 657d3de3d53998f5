-- A promo's free period is once per customer and package and also once per card (product.md §4, Promo;
-- docs/limits.md). A saved card keeps the processor's fingerprint of its number (Stripe's
-- `card.fingerprint`; the sandbox's keyed hash), never the number; a promo use keeps the fingerprint of
-- the card it started with, and the unique index lets one use per card and package in, decided by the
-- INSERT that records it. Cards saved before this migration have none and are tied to no promo.
-- Only adds columns and an index: a release before it keeps working (its promo uses carry no card).
ALTER TABLE credit_cards ADD COLUMN fingerprint TEXT CHECK (char_length(fingerprint) <= 100);
ALTER TABLE sandbox_payment_methods ADD COLUMN fingerprint TEXT;
ALTER TABLE promo_uses ADD COLUMN card_fingerprint TEXT;
CREATE UNIQUE INDEX promo_uses_once_per_card ON promo_uses (card_fingerprint, plan_code) WHERE card_fingerprint IS NOT NULL;
