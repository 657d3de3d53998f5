-- Tries a setting blocked (a refused SMTP login, no TLS while SMTP_URL has a password, a relay refusing,
-- a refused SMS gateway token): the operator's to fix, so they do not count in `attempts` towards
-- MESSAGE_MAX_ATTEMPTS and the message stays PENDING; a start tries such messages at once
-- (docs/decisions/037-mail-fails-safe.md). Only adds a column: a release before it keeps working.
ALTER TABLE outbox ADD COLUMN blocked_tries INTEGER NOT NULL DEFAULT 0;
