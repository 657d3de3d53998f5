-- The support console (docs/decisions/032-support-console.md): the operator's staff, apart from
-- customers, their sessions, and an audit trail of everything they do that nobody edits.

-- A staff account: created from the command line (npm run staff) with a one-time password that must be
-- changed at the first sign-in, then a second factor (TOTP) set up. The TOTP secret is sealed with the
-- server's key; `totp_last_step` is the last 30-second step a code was accepted for (a code works once).
CREATE TABLE staff (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('agent', 'admin')),
  password_hash TEXT NOT NULL,
  must_change_password BOOLEAN NOT NULL DEFAULT TRUE,
  totp_sealed TEXT,
  totp_confirmed_at TIMESTAMPTZ,
  totp_last_step BIGINT NOT NULL DEFAULT 0,
  disabled_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A staff sign-in: `password` once the password was right (the second factor still to come), `full`
-- once the code was too. Idle for 15 minutes, or ended, it is over.
CREATE TABLE staff_sessions (
  id UUID PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  stage TEXT NOT NULL CHECK (stage IN ('password', 'full')),
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Every staff action, reads of a customer's data included: who, when, what, which customer, why, and
-- the state before and after. Rows are only ever added: the triggers below refuse UPDATE, DELETE and
-- TRUNCATE to everyone, the API's own database user included.
CREATE TABLE audit_events (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at TIMESTAMPTZ NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  staff_name TEXT NOT NULL,
  action TEXT NOT NULL,
  customer_id INTEGER,
  reason TEXT,
  before JSONB,
  after JSONB
);
CREATE INDEX audit_events_customer ON audit_events (customer_id, id);
CREATE INDEX audit_events_at ON audit_events (at, id);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END
$$;
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

-- A blocked customer cannot sign in, and their open sessions end at once (the subscription's status
-- reads BLOCKED meanwhile). `blocked_status` is the subscription's status before, given back on unblocking.
ALTER TABLE customers ADD COLUMN blocked_at TIMESTAMPTZ;
ALTER TABLE customers ADD COLUMN blocked_status TEXT;

-- A refund an admin gave, in full or in part, with its credit note (the number the customer's payment
-- history and invoice show). PENDING while the payment provider is asked; a FAILED one gives its amount
-- back to what may still be refunded. What is PENDING or SUCCEEDED never exceeds what was paid: decided
-- under the order's row lock (staff/refunds.ts). One per order and idempotency key: twice clicked is once.
CREATE TABLE refunds (
  id UUID PRIMARY KEY,
  credit_note_number TEXT NOT NULL UNIQUE,
  order_number TEXT NOT NULL REFERENCES payment_orders (order_number),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  amount_fening INTEGER NOT NULL CHECK (amount_fening > 0),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  reason TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  UNIQUE (order_number, idempotency_key)
);
CREATE INDEX refunds_customer ON refunds (customer_id);

-- The sandbox processor refunds in part too: what it gave back so far, and the refunds' keys it did
-- (a refund asked again with its key is done once).
ALTER TABLE sandbox_intents ADD COLUMN refunded_fening INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sandbox_intents ADD COLUMN refund_keys TEXT[] NOT NULL DEFAULT '{}';
