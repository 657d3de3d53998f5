-- A charge that can no longer buy service (its order was refunded, ended, deactivated or lapsed while the
-- processor charged it) is given back by the portal itself, as a refund with its credit note and no member
-- of staff (money/giveBack.ts).
-- Expands only: a server of the release before writes a member of staff on every refund, as it did.
ALTER TABLE refunds ALTER COLUMN staff_id DROP NOT NULL;
