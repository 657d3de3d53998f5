-- A gift refunded before its code is redeemed voids the code (staff/refunds.ts): `voided_at` is set on the
-- voucher's own row, the row a redemption updates too, so of a refund and a redemption at once one wins
-- and the other finds it taken. Expands only: a server of the release before never reads the column, and
-- the gift's batch is cancelled as well, which every release refuses to redeem.
ALTER TABLE vouchers ADD COLUMN voided_at TIMESTAMPTZ;
