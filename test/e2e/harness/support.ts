import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../../api/src/cli/freshness';
import { totpCode } from '../../../api/src/support/totp';

/** A member of staff for the console: who they are, and the password they choose at their first sign-in. */
interface Staff {
  email: string;
  name: string;
  password: string;
}

/**
 * `npm run staff -- add …` of an admin on the data directory the portal then starts on (the embedded
 * database is one process's); the one-time password it shows.
 */
export function addAdmin(dataDir: string, staff: Staff): string {
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(ROOT, 'api', 'src', 'cli', 'staff.ts'),
      'add',
      staff.email,
      '--role',
      'admin',
      '--name',
      staff.name,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  const password = /shown only now: (\S+)/.exec(run.stdout)?.[1] ?? '';
  assert.ok(password.length >= 20, run.stdout);
  return password;
}

/**
 * A new admin's first sign-in to the console at `/podrska/`: the one-time password, one of their own,
 * then a code from the authenticator set up on the spot; waits for the customer search.
 */
export async function firstSupportSignIn(page: Page, baseUrl: string, staff: Staff, oneTimePassword: string) {
  await page.goto(`${baseUrl}/podrska/`);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Lozinka').fill(oneTimePassword);
  await page.getByLabel('Lozinka').press('Enter');
  await page.getByLabel('Nova lozinka', { exact: true }).fill(staff.password);
  await page.getByLabel('Ponovi novu lozinku').fill(staff.password);
  await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
  const secret = ((await page.locator('figcaption code').textContent()) ?? '').trim();
  await page.getByLabel('Kod').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Potvrdi' }).click();
  await page.getByRole('heading', { name: 'Pretraga korisnika' }).waitFor();
}
