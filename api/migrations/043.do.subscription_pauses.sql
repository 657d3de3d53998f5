-- A pause instead of a cancellation (product.md §10, A pause; decision 055): columns of the subscription,
-- not a status. `pause_from` is the first day without service (the end of the period already paid),
-- `pause_until` the day service and charging resume; asking for it moves `next_payment_on` by the pause's
-- length in the same statement, so billing's due-day query is unchanged. The columns stay once the pause
-- is over: `pause_from` is what the once-per-12-months rule compares with. `pause_reminded_for` is the
-- `pause_until` whose reminder was sent, taken by one statement so the reminder goes once.
-- Expands only: a server of the release before neither reads nor writes them.
ALTER TABLE subscriptions ADD COLUMN pause_from DATE;
ALTER TABLE subscriptions ADD COLUMN pause_until DATE;
ALTER TABLE subscriptions ADD COLUMN pause_reminded_for DATE;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_pause
  CHECK (pause_until IS NULL OR (pause_from IS NOT NULL AND pause_until >= pause_from));
