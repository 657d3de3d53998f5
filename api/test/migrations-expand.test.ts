/**
 * A release's migrations only expand the schema (docs/deploy/upgrade-and-backup.md, Upgrading while the
 * old release keeps serving): the release before keeps serving on it. A statement that takes away what it
 * reads or writes, or lets in what it does not expect, is refused here unless its file says, in a line
 * `-- The release before copes: …`, why it is safe. Dropping NOT NULL is such a statement: the new
 * release writes NULL where the old one reads a value (audit_events.staff_id, migration 019).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const MIGRATIONS = path.join(__dirname, '../migrations');

/** What the release before may not meet on the schema: each pattern, and what it does to that release. */
const CONTRACTING: Array<[RegExp, string]> = [
  [/\bDROP\s+(COLUMN|TABLE)\b/i, 'takes away what it reads'],
  [/\bRENAME\b/i, 'takes away a name it uses'],
  [/\bALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a type it reads'],
  [/\bSET\s+NOT\s+NULL\b/i, 'refuses its writes without the column'],
  [/\bDROP\s+NOT\s+NULL\b/i, 'lets in NULL where it reads a value'],
  [/\bDROP\s+CONSTRAINT\b/i, 'lets in values it does not know'],
];

/**
 * Written before the rule, when a release was stopped before the next one started; their files cannot
 * change (postgrator compares each applied file's checksum).
 */
const BEFORE_THE_RULE = new Set(['005', '007', '009', '019', '024', '026']);

const WHY = /^--\s*The release before copes:\s*\S/m;

/** The SQL of a migration without its comments. */
const statements = (sql: string) => sql.replace(/--.*$/gm, '');

/** Every contracting statement in `sql` without its line of why, as `what it does`. */
function contracting(sql: string): string[] {
  if (WHY.test(sql)) return [];
  return CONTRACTING.filter(([pattern]) => pattern.test(statements(sql))).map(([pattern, does]) => {
    const found = pattern.exec(statements(sql))![0];
    return `${found.replace(/\s+/g, ' ').toUpperCase()} ${does}`;
  });
}

describe("migrations expand the release before's schema", () => {
  it('has no contracting statement without the reason the release before copes', () => {
    const found = fs
      .readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.sql') && !BEFORE_THE_RULE.has(file.slice(0, 3)))
      .flatMap((file) =>
        contracting(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8')).map((what) => `${file}: ${what}`),
      );
    assert.deepEqual(found, []);
  });

  it('refuses each kind, sees through comments, and takes a reason', () => {
    assert.deepEqual(contracting('ALTER TABLE audit_events ALTER COLUMN staff_id DROP NOT NULL;'), [
      'DROP NOT NULL lets in NULL where it reads a value',
    ]);
    assert.deepEqual(contracting('ALTER TABLE t DROP COLUMN x;\nALTER TABLE t RENAME TO u;'), [
      'DROP COLUMN takes away what it reads',
      'RENAME takes away a name it uses',
    ]);
    assert.deepEqual(contracting('ALTER TABLE t ALTER COLUMN n TYPE bigint;'), [
      'ALTER COLUMN N TYPE changes a type it reads',
    ]);
    assert.deepEqual(contracting('-- we DROP COLUMN nothing here\nCREATE TABLE t (id int);'), []);
    assert.deepEqual(
      contracting('DROP INDEX i;\nDELETE FROM plan_promos;'),
      [],
      'an index or rows: not the schema it reads',
    );
    assert.deepEqual(
      contracting('-- The release before copes: it never reads kind.\nALTER TABLE t DROP CONSTRAINT t_kind_check;'),
      [],
    );
  });
});
