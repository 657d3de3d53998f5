-- Passkeys beside the password (docs/passkeys.md, decision 053): a customer's, and a member of staff's
-- as the console's second factor. A credential is its id, its public key (COSE, base64url) and the
-- authenticator's signature counter; nothing secret is stored. `name` is what the account page lists.
-- Expands only: a server of the release before never reads these tables.
CREATE TABLE passkeys (
  id UUID PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key TEXT NOT NULL,
  counter BIGINT NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ
);
CREATE INDEX passkeys_customer ON passkeys (customer_id, created_at);

CREATE TABLE staff_passkeys (
  id UUID PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key TEXT NOT NULL,
  counter BIGINT NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ
);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- The challenges handed out, each used once: the statement that takes one deletes it (DELETE …
-- RETURNING), so of a burst of answers to the same challenge one goes on. Stored as SHA-256 digests;
-- `subject` is whom it was made for ('customer:<id>', 'staff:<id>', 'staff-session:<uuid>'), null for a
-- sign-in that does not yet know the customer. The daily clean-up removes those that expired.
CREATE TABLE passkey_challenges (
  challenge_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in', 'staff-register', 'staff-sign-in')),
  subject TEXT,
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE TRIGGER portal_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON passkeys
  FOR EACH STATEMENT EXECUTE FUNCTION portal_writes_notify();
CREATE TRIGGER portal_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_passkeys
  FOR EACH STATEMENT EXECUTE FUNCTION portal_writes_notify();
CREATE TRIGGER portal_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON passkey_challenges
  FOR EACH STATEMENT EXECUTE FUNCTION portal_writes_notify();
