-- The outbox becomes the queue of messages to deliver (docs/messages.md). A message is written in the
-- same transaction as the change that causes it; a sender in each API process claims due PENDING
-- messages (FOR UPDATE SKIP LOCKED, with a lease), delivers them, and records SENT, or retries with a
-- growing back-off until FAILED. HELD: no transport for the channel (sandbox): kept, never sent.
-- Text and code stay sealed; `meta` holds only what is not secret (subject, link, invoice number).
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'CODE';
ALTER TABLE outbox ADD COLUMN meta JSONB NOT NULL DEFAULT '{}';
ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'HELD' CHECK (status IN ('HELD', 'PENDING', 'SENT', 'FAILED'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at TIMESTAMPTZ;
ALTER TABLE outbox ADD COLUMN locked_until TIMESTAMPTZ;
ALTER TABLE outbox ADD COLUMN sent_at TIMESTAMPTZ;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status = 'PENDING';

-- The devices a customer has signed in from, for the security notice of a new one (product.md §10,
-- Devices): a device is new when its row is inserted, which happens once however many logins race.
CREATE TABLE known_devices (
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  device_username TEXT NOT NULL,
  first_seen_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (customer_id, device_username)
);
INSERT INTO known_devices (customer_id, device_username, first_seen_at)
  SELECT customer_id, device_username, min(created_at) FROM device_sessions GROUP BY customer_id, device_username;
