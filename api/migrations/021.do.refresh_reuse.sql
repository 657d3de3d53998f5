-- A refresh token presented again after it was rotated ends its session (docs/limits.md), unless it is
-- the token just replaced, a few seconds ago: two tabs of one browser refreshing at once. A rotation
-- keeps the token it replaced here to tell the two apart. Only adds a column: a release before it
-- rotates without filling it, and a session whose column is empty gets the grace for any old token.
ALTER TABLE device_sessions ADD COLUMN previous_token_id UUID;
