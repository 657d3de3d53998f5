-- Registrations and password resets in progress, each with its one-time code (stored as an HMAC,
-- never in clear), and the sandbox's outbox of messages (sealed, like the PIN).
CREATE TABLE verifications (
  id UUID PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('REGISTRATION', 'PASSWORD_RESET')),
  registration_type TEXT NOT NULL CHECK (registration_type IN ('PHONE_NUMBER', 'EMAIL')),
  username TEXT NOT NULL,
  -- The customer a reset is for; null for a reset asked for an unknown username (it can never succeed).
  customer_id INTEGER REFERENCES customers (id) ON DELETE CASCADE,
  code_hash TEXT,
  code_expires_at TIMESTAMPTZ,
  code_failures INTEGER NOT NULL DEFAULT 0,
  resends INTEGER NOT NULL DEFAULT 0,
  resend_window_start TIMESTAMPTZ NOT NULL,
  approved_at TIMESTAMPTZ,
  password_hash TEXT,
  first_name TEXT,
  last_name TEXT,
  completed_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX verifications_username ON verifications (username, created_at);

CREATE TABLE outbox (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
  text_sealed TEXT NOT NULL,
  code_sealed TEXT,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX outbox_to ON outbox (to_address, id DESC);

CREATE SEQUENCE customer_numbers START WITH 1000101;
