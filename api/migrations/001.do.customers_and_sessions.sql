-- Customers and the device sessions their sign-in tokens belong to.
CREATE TABLE customers (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_number TEXT UNIQUE,
  email TEXT UNIQUE,
  phone_number TEXT UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  pin_sealed TEXT NOT NULL,
  last_login_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT customers_has_username CHECK (email IS NOT NULL OR phone_number IS NOT NULL)
);

CREATE TABLE device_sessions (
  id UUID PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  device_type TEXT NOT NULL,
  device_username TEXT NOT NULL,
  device_name TEXT NOT NULL,
  device_password_hash TEXT NOT NULL,
  token_id UUID NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  refreshed_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ
);

CREATE INDEX device_sessions_customer ON device_sessions (customer_id) WHERE revoked_at IS NULL;

