-- The support console's customer search at an operator's size (200,000 customers, p99 ≤ 50 ms: docs/bench.md):
-- each of its ways in has an index, so no search reads the whole table. Expands only (two indexes).
-- pg_trgm is one of PostgreSQL's own extensions (the contrib package, on by default in Debian's and
-- the managed services' builds) and trusted: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A part of the name: every word the console was given, accents and case aside, found by trigrams. The
-- expression is the search's (api/src/repositories/customers.ts, PLAIN_NAME) to the letter.
CREATE INDEX customers_plain_name ON customers
  USING gin (translate(lower(first_name || ' ' || last_name), 'čćžšđČĆŽŠĐ', 'cczsdcczsd') gin_trgm_ops);

-- An e-mail address in any case.
CREATE INDEX customers_email_lower ON customers (lower(email));
