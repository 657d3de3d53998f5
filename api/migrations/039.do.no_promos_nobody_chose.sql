-- A new database starts with no promo until an admin starts one (docs/prices-and-promos.md). Migration
-- 002 put two in every database, a production one too: where no customer exists yet, they are taken out
-- (a sandbox's first start puts the demo's back: db/seed.ts); where customers exist, some may have
-- subscribed under them, and they stay until an admin ends them. Rows only: a server of the release
-- before reads plan_promos as it did.
DELETE FROM plan_promos p
 WHERE NOT EXISTS (SELECT 1 FROM customers)
   AND p.started_by IS NULL AND p.ended_at IS NULL
   AND ((p.plan_code = 'starton' AND p.promo_type = 'DURATION_BASED' AND p.duration_days = 14)
     OR (p.plan_code = 'maxon' AND p.promo_type = 'TIME_UNTIL_BASED' AND p.duration_until = DATE '2027-03-31'));
