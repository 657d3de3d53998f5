-- The card processor's own refunds and a bank's disputes (chargebacks), told by its events
-- (money/processorEvents.ts). A dispute is kept with its state for support; lost, its money is gone
-- as a refund's is. Expands only: new tables and columns a server of the release before never reads.
CREATE TABLE disputes (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES payment_orders (order_number),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  amount_fening INTEGER NOT NULL CHECK (amount_fening > 0),
  status TEXT NOT NULL CHECK (status IN ('OPEN', 'WON', 'LOST')),
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX disputes_order ON disputes (order_number);

-- The sandbox processor's side of a dispute, so its books (npm run reconcile) count a lost one.
ALTER TABLE sandbox_intents ADD COLUMN dispute_id TEXT;
ALTER TABLE sandbox_intents ADD COLUMN dispute_status TEXT CHECK (dispute_status IN ('open', 'won', 'lost'));
