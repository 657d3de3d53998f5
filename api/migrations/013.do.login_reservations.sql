-- Sign-in that an attacker cannot turn against the owner (docs/limits.md): a login's try is reserved
-- (`pending`) while its password is checked and counted (`hits`) only when it turns out wrong, so
-- right passwords in flight never crowd out others; `pending_since` lets a reservation that a stopped
-- process left behind lapse. A device that signed in before is found by its id and device password,
-- unless the owner distrusted it since (`untrusted_at`: signed out by a password change, a reset,
-- 'sign out the others' or 'sign out this device').
ALTER TABLE rate_limits ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rate_limits ADD COLUMN pending_since TIMESTAMPTZ;
CREATE INDEX device_sessions_device ON device_sessions (customer_id, device_username);
ALTER TABLE device_sessions ADD COLUMN untrusted_at TIMESTAMPTZ;
