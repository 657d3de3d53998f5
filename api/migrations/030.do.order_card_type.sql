-- The card's brand on the order that charged it, so that its invoice names the real means ("Karticom
-- Visa …4242") after the card is removed: written with the order from the card it charges. Expands only:
-- a new column a server of the release before never reads.
ALTER TABLE payment_orders ADD COLUMN card_type TEXT;
UPDATE payment_orders o SET card_type = c.card_type FROM credit_cards c WHERE c.code = o.card_code;
