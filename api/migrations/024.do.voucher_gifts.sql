-- A voucher bought by card as a gift (docs/vouchers.md, A gift). Expands only: an order of kind GIFT
-- is one a release before it never makes, and the table is new.
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_kind_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_kind_check CHECK (kind IN ('PURCHASE', 'RENEWAL', 'UPGRADE', 'GIFT'));

-- What a GIFT order buys and where its code goes: `months` of the order's package, sent to `recipient`
-- (an e-mail address or a phone number in stored form) with the buyer's own `message`. `voucher_id`
-- is the voucher its paid payment made: set once, so a repeated payment event makes no second one.
CREATE TABLE voucher_gifts (
  order_number TEXT PRIMARY KEY REFERENCES payment_orders (order_number),
  months INTEGER NOT NULL CHECK (months BETWEEN 1 AND 12),
  channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  recipient TEXT NOT NULL,
  message TEXT NOT NULL,
  voucher_id INTEGER REFERENCES vouchers (id)
);
