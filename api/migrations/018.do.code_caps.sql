-- Where code messages have gone (docs/limits.md, "Code messages"): a phone number as stored (387…) or
-- an e-mail's domain. A registration code to a destination not in here counts towards the portal's
-- hourly ceiling of new destinations (CODE_NEW_DESTINATIONS_HOURLY, kept in `rate_limits`), and is
-- written here in the statement that counts it. Filled from what the portal already reached: its
-- customers' numbers and domains, and the messages it sent. Only adds a table: a release before it
-- keeps working.
CREATE TABLE code_destinations (
  destination TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('phone', 'email_domain')),
  first_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

INSERT INTO code_destinations (destination, kind)
SELECT phone_number, 'phone' FROM customers WHERE phone_number IS NOT NULL
UNION
SELECT lower(split_part(email, '@', 2)), 'email_domain' FROM customers WHERE email LIKE '%_@_%'
UNION
SELECT to_address, 'phone' FROM outbox WHERE status = 'SENT' AND channel = 'SMS'
UNION
SELECT lower(split_part(to_address, '@', 2)), 'email_domain' FROM outbox
 WHERE status = 'SENT' AND channel = 'EMAIL' AND to_address LIKE '%_@_%'
ON CONFLICT (destination) DO NOTHING;
