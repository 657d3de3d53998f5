-- Prepaid vouchers (docs/vouchers.md). Only adds: a release before it reads nothing here.
--
-- A batch the operator issued: every code in it is worth `months` of `plan_code` and may be redeemed
-- until `valid_until` (that day included). A cancelled batch redeems nothing more.
CREATE TABLE voucher_batches (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  plan_code TEXT NOT NULL REFERENCES plans (code),
  months INTEGER NOT NULL CHECK (months BETWEEN 1 AND 24),
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 10000),
  valid_until DATE NOT NULL,
  label TEXT NOT NULL,
  issued_at TIMESTAMPTZ NOT NULL,
  issued_by TEXT NOT NULL,
  issued_by_staff INTEGER,
  cancelled_at TIMESTAMPTZ,
  cancelled_by TEXT
);

-- One code of a batch, by its digest alone (an HMAC under the sealing keyring's code key, naming the
-- key: `k1$hex`); the code in clear is never stored. `last_four` is what the customer and the console
-- see. A redeemed code names its customer and holds the months of credit it has left.
CREATE TABLE vouchers (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES voucher_batches (id),
  digest TEXT NOT NULL UNIQUE,
  last_four TEXT NOT NULL,
  redeemed_at TIMESTAMPTZ,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  months_left INTEGER CHECK (months_left >= 0),
  CHECK ((redeemed_at IS NULL) = (months_left IS NULL))
);
CREATE INDEX vouchers_batch ON vouchers (batch_id);
CREATE INDEX vouchers_last_four ON vouchers (last_four);
CREATE INDEX vouchers_customer ON vouchers (customer_id, redeemed_at) WHERE customer_id IS NOT NULL;
