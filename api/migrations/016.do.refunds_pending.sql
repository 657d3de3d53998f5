-- The billing pass settles refunds a stopped process left PENDING (api/src/staff/refunds.ts,
-- settleStaleRefunds): it finds them by how long they have waited.
CREATE INDEX refunds_pending ON refunds (updated_at) WHERE status = 'PENDING';
