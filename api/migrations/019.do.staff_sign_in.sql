-- Staff sign-in that strangers cannot turn against the member (docs/limits.md): a browser the member
-- signed in from fully (password and code) is known, by the random id the console keeps in that
-- browser, stored here hashed; its wrong passwords count against a budget of its own. Forgotten when
-- the member's password is reset or the account disabled.
CREATE TABLE staff_browsers (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  browser_hash TEXT NOT NULL,
  first_seen_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  UNIQUE (staff_id, browser_hash)
);

-- The browser a sign-in's password came from (hashed), remembered once its second factor is right.
ALTER TABLE staff_sessions ADD COLUMN browser_hash TEXT;

-- The end of the window in which the account last began holding unknown sources back: `staff.locked`
-- is recorded once per window, by the statement that moves this forward.
ALTER TABLE staff ADD COLUMN locked_until TIMESTAMPTZ;

-- A wrong password for an e-mail address no member of staff has is in the trail too, with no member to
-- name (`staff_name` holds the address as typed).
ALTER TABLE audit_events ALTER COLUMN staff_id DROP NOT NULL;
