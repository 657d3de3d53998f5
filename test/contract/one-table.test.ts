/**
 * One endpoint table (docs/decisions/059-one-endpoint-table.md): every call of the API is in `endpoints`
 * (shared/src/contract/endpoints.ts), each feature's in a section of its own contract file; no second
 * table beside it (test/scripts/endpoint-tables.ts); the console's calls are named for it; and the page's
 * client carries the portal's sections in its first load, never the console's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '@portal/shared/contract/endpoints';
import { ROOT } from '../../api/src/cli/freshness';
import { firstLoadEndpoint } from '../../shared/src/api/sections';
import { findSecondTables } from '../scripts/endpoint-tables';

describe('the endpoint table', () => {
  it('is one: every call is in a section the one table spreads in, and nothing else holds calls', () => {
    assert.deepEqual(
      findSecondTables(ROOT),
      [],
      'Put a call in a section of shared/src/contract/endpoints.ts; pages call calls.<name>(), the API serves endpoints.<name>.',
    );
  });

  it("names the support console's calls `staff…`, and only them: every call under /staff/ and no other", () => {
    const misnamed = Object.entries(endpoints).filter(
      ([name, e]) => name.startsWith('staff') !== e.path.startsWith('/staff/'),
    );
    assert.deepEqual(
      misnamed.map(([name, e]) => `${name}: ${e.path}`),
      [],
    );
    const staffAccess = Object.values(endpoints).filter((e) => e.path.startsWith('/staff/'));
    assert.ok(
      staffAccess.every((e) => e.access !== 'customer'),
      'no console call takes a customer token',
    );
  });

  it("is in the page's first load for the portal's calls but the passkeys', never for the console's", () => {
    const later = Object.keys(endpoints).filter((name) => firstLoadEndpoint(name) === undefined);
    const passkeys = Object.keys(endpoints).filter((name) => /passkey/i.test(name) && !name.startsWith('staff'));
    const consoleCalls = Object.keys(endpoints).filter((name) => name.startsWith('staff'));
    assert.deepEqual(later, [...passkeys, ...consoleCalls]);
    for (const [name, e] of Object.entries(endpoints)) {
      const first = firstLoadEndpoint(name);
      if (first) assert.equal(first, e, `${name}: the first load's entry is the table's`);
    }
    assert.equal(firstLoadEndpoint('toString'), undefined);
  });
});

describe('the second-table check', () => {
  /** A throw-away repository of the given files. */
  function repository(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-table-'));
    for (const [name, code] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), code);
    }
    return dir;
  }
  const entry = (p: string) => `{ method: 'GET', path: '${p}', access: 'public' }`;

  it('passes one table of sections, and fails a second table, a section left out, a re-table and an import', () => {
    const dir = repository({
      'shared/src/contract/endpoints.ts':
        "import { aSection } from './a';\nexport const endpoints = { ...aSection } as const;\n",
      'shared/src/contract/a.ts': `export const aSection = { a: ${entry('/a')} } as const;\n`,
      'shared/src/contract/b.ts': `export const bSection = { b: ${entry('/b')} } as const;\n`,
      'shared/src/contract/staff.ts': `export const staffEndpoints = { login: endpoint(${entry('/staff/login')}) };\n`,
      'remotes/x/src/mine.ts':
        "import { endpoints } from '@portal/shared/contract/endpoints';\nexport const mine = { a: endpoints.a };\n",
      'remotes/x/src/uses.ts': "import { aSection } from '@portal/shared/contract/a';\nexport const x = aSection;\n",
      'api/src/both.ts': "import { aSection } from 'a';\nexport const both = { ...aSection };\n",
    });
    try {
      assert.deepEqual(findSecondTables(dir), [
        'api/src/both.ts: imports aSection (call through calls.<name>; serve endpoints.<name>)',
        'api/src/both.ts:2 (both): a second table, made of aSection',
        'remotes/x/src/mine.ts:2 (mine): a second table of calls (put them in a section of the one table)',
        'remotes/x/src/uses.ts: imports aSection (call through calls.<name>; serve endpoints.<name>)',
        'shared/src/contract/b.ts:1 (bSection): a section the one table does not spread in',
        'shared/src/contract/staff.ts:1 (staffEndpoints): a second table of calls (put them in a section of the one table)',
      ]);
      fs.rmSync(path.join(dir, 'shared/src/contract/endpoints.ts'));
      assert.ok(
        findSecondTables(dir).includes('shared/src/contract/endpoints.ts: no one exported table named endpoints'),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
