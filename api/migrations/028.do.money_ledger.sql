-- Every movement of money, one append-only row each (money/ledger.ts): a card charged (CHARGE, its
-- reference the processor's payment), money given back (REFUND, the refund's id), a gift's credit sold
-- (CREDIT_ISSUED, the gift's order) and voucher credit paying an order (CREDIT_USED, the order), and a
-- bank's dispute (DISPUTE, the processor's dispute). Each tied to its order. One row per movement: the
-- same reference twice is the same movement (a webhook and the billing pass settling one payment).
-- The books (npm run reconcile) compare its card entries with the processor's. Expands only: a new
-- table that a server of the release before never reads; its rows are written from the orders and
-- refunds as they stand (a release before writes none, and the next start of this one's reconciliation
-- reports what is missing).
CREATE TABLE money_ledger (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES payment_orders (order_number),
  customer_id INTEGER NOT NULL,
  entry TEXT NOT NULL CHECK (entry IN ('CHARGE', 'REFUND', 'CREDIT_ISSUED', 'CREDIT_USED', 'DISPUTE')),
  amount_fening INTEGER NOT NULL CHECK (amount_fening > 0),
  means TEXT NOT NULL CHECK (means IN ('CARD', 'VOUCHER')),
  reference TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (entry, reference)
);
CREATE INDEX money_ledger_order ON money_ledger (order_number);
CREATE INDEX money_ledger_customer ON money_ledger (customer_id);
CREATE INDEX money_ledger_created ON money_ledger (created_at);

-- Append-only: an entry is never changed or taken back; a correction is a new entry.
CREATE FUNCTION money_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_ledger is append-only: % refused', TG_OP;
END
$$;
CREATE TRIGGER money_ledger_append_only BEFORE UPDATE OR DELETE ON money_ledger
  FOR EACH ROW EXECUTE FUNCTION money_ledger_append_only();

-- The movements made before the ledger, from the orders and refunds that record them.
INSERT INTO money_ledger (order_number, customer_id, entry, amount_fening, means, reference, created_at)
SELECT order_number, customer_id, 'CHARGE', amount_fening, 'CARD', provider_payment_id, updated_at
  FROM payment_orders WHERE provider_payment_id IS NOT NULL AND status IN ('PAID', 'REFUNDED');
INSERT INTO money_ledger (order_number, customer_id, entry, amount_fening, means, reference, created_at)
SELECT o.order_number, o.customer_id, 'REFUND', o.amount_fening, 'CARD', 'order:' || o.order_number, o.updated_at
  FROM payment_orders o
 WHERE o.provider_payment_id IS NOT NULL AND o.status = 'REFUNDED'
   AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_number = o.order_number);
INSERT INTO money_ledger (order_number, customer_id, entry, amount_fening, means, reference, created_at)
SELECT order_number, customer_id, 'REFUND', amount_fening, 'CARD', id::text, updated_at
  FROM refunds WHERE status = 'SUCCEEDED';
INSERT INTO money_ledger (order_number, customer_id, entry, amount_fening, means, reference, created_at)
SELECT order_number, customer_id, 'CREDIT_USED', amount_fening, 'VOUCHER', order_number, updated_at
  FROM payment_orders WHERE provider_payment_id IS NULL AND card_code IS NULL AND status = 'PAID';
INSERT INTO money_ledger (order_number, customer_id, entry, amount_fening, means, reference, created_at)
SELECT order_number, customer_id, 'CREDIT_ISSUED', amount_fening, 'VOUCHER', order_number, updated_at
  FROM payment_orders WHERE kind = 'GIFT' AND status = 'PAID';

-- The books' runs (npm run reconcile, and daily by itself): the period compared, when, with which
-- processor, how many payments were compared, and every difference found (money/reconcile.ts).
CREATE TABLE reconciliations (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period_from TIMESTAMPTZ NOT NULL,
  period_to TIMESTAMPTZ NOT NULL,
  ran_at TIMESTAMPTZ NOT NULL,
  processor TEXT NOT NULL,
  payments INTEGER NOT NULL,
  differences JSONB NOT NULL
);
