import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, APP_NAMES, REMOTE_NAMES, type AppName } from '@portal/shared/contract';
import { BUILDS } from '../../webpack.config';
import type { BuildEnv } from '../../buildtools/common';
import { ESLint } from 'eslint';
import { ROOT } from '../../api/src/cli/freshness';
import { SMOKE } from '../e2e/smoke';

const eslint = new ESLint({ cwd: ROOT });

const RELEASE: BuildEnv = { mode: 'production', options: {} };

/**
 * The modules an app's own build exposes to the others (its first configuration's federation). The
 * plugin keeps its options private: reading them here is the test's, and fails loudly if they move.
 */
function exposes(app: AppName): string[] {
  const [own] = BUILDS[app](RELEASE);
  const federation = own?.plugins?.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as
    { _options?: { name?: string; exposes?: Record<string, string> } } | undefined;
  assert.ok(federation?._options?.name, `${app}: its build has a federation plugin whose options name it`);
  return Object.keys(federation._options.exposes ?? {});
}

async function restricted(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).some((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

describe('the app list', () => {
  it("is npm's workspaces: every app's folder is one, and every workspace but shared, api and test an app", () => {
    const workspaces = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    assert.deepEqual(
      workspaces.filter((dir) => !['shared', 'api', 'test'].includes(dir)).sort(),
      Object.values(APPS)
        .map((app) => app.dir)
        .sort(),
    );
    // A remote lives in `remotes/<name>/`, where the server serves it from (`/remotes/<name>/`).
    for (const name of APP_NAMES.filter((app) => APPS[app].kind === 'remote')) {
      assert.equal(APPS[name].dir, `remotes/${name}`);
    }
  });

  it('derives the remotes of the customer portal and the build of every app', () => {
    assert.deepEqual(Object.keys(BUILDS), APP_NAMES, 'the build knows every app');
    for (const name of APP_NAMES) {
      const { dir } = APPS[name];
      assert.ok(fs.existsSync(path.join(ROOT, dir, 'build.ts')), `${dir}/build.ts: every app owns its build`);
      assert.equal(BUILDS[name](RELEASE)[0]?.name, name, `${dir}/build.ts builds ${name} first`);
    }
    // The customer portal's host loads `<remote>/routes` from each of its remotes (host/src/remotes/exposed.ts):
    // they, and no host nor the console's remote, expose it.
    assert.deepEqual(
      APP_NAMES.filter((name) => exposes(name).includes('./routes')),
      REMOTE_NAMES,
    );
    assert.ok(REMOTE_NAMES.length > 0);
  });

  it('gives every remote of the customer portal a smoke check, which `npm run compat` opens against another release', () => {
    const checked = new Set(SMOKE.map((check) => check.remote));
    assert.deepEqual(
      REMOTE_NAMES.filter((name) => !checked.has(name)),
      [],
      'add a check of its main page to test/e2e/smoke.ts',
    );
  });
});

describe('import boundaries (shared -> remotes -> host)', () => {
  it('forbids a remote importing another remote, by package or by path', async () => {
    assert.ok(
      await restricted(
        'remotes/account/src/x.ts',
        "import { routes } from '@portal/catalogue/routes';\nexport const x = routes;\n",
      ),
    );
    assert.ok(
      await restricted(
        'remotes/account/src/a/x.ts',
        "import { routes } from '../../../onboarding/src/exposes/routes';\nexport const x = routes;\n",
      ),
    );
    assert.ok(await restricted('remotes/account/src/x.ts', "import { x } from '@portal/host';\nexport const y = x;\n"));
  });

  it('forbids shared importing any app', async () => {
    assert.ok(
      await restricted(
        'shared/src/x.ts',
        "import { routes } from '@portal/account/routes';\nexport const x = routes;\n",
      ),
    );
    assert.ok(
      await restricted('shared/src/a/x.ts', "import { y } from '../../../host/src/App';\nexport const x = y;\n"),
    );
  });

  it('lets the host import remote types only, and the API only the contract', async () => {
    assert.ok(
      await restricted('host/src/x.ts', "import { routes } from 'account/routes';\nexport const x = routes;\n"),
    );
    assert.equal(
      await restricted(
        'host/src/x.ts',
        "import type { routes } from 'account/routes';\nexport type X = typeof routes;\n",
      ),
      false,
    );
    assert.ok(
      await restricted(
        'host/src/x.ts',
        "import type { routes } from '@portal/account/routes';\nexport type X = typeof routes;\n",
      ),
      'the published types, not the sources',
    );
    assert.ok(await restricted('api/src/x.ts', "import { api } from '@portal/shared';\nexport const x = api;\n"));
    assert.equal(
      await restricted(
        'api/src/x.ts',
        "import { loginRequestSchema } from '@portal/shared/contract';\nexport const x = loginRequestSchema;\n",
      ),
      false,
    );
    assert.equal(
      await restricted(
        'api/src/x.ts',
        "import { formatKM } from '@portal/shared/format';\nexport const x = formatKM;\n",
      ),
      false,
      'the pure formatting too',
    );
    assert.ok(
      await restricted(
        'api/src/x.ts',
        "import { CardDialog } from '@portal/shared/payments';\nexport const x = CardDialog;\n",
      ),
    );
  });

  it('keeps the payment module on the shared singleton: it imports the rest of shared by package name', async () => {
    assert.ok(
      await restricted(
        'shared/src/payments/x.ts',
        "import { authStore } from '../auth/store';\nexport const x = authStore;\n",
      ),
    );
    assert.ok(
      await restricted('shared/src/payments/x.ts', "import { calls } from '../api/client';\nexport const x = calls;\n"),
    );
    assert.equal(
      await restricted(
        'shared/src/payments/x.ts',
        "import { calls } from '@portal/shared';\nexport const x = calls;\n",
      ),
      false,
    );
    assert.equal(
      await restricted('shared/src/payments/x.ts', "import { Dialog } from './Dialog';\nexport const x = Dialog;\n"),
      false,
    );
    assert.ok(
      await restricted(
        'shared/src/passkeys/x.ts',
        "import { authStore } from '../auth/store';\nexport const x = authStore;\n",
      ),
      'the passkey module too, bundled into the account and the console',
    );
  });

  it("keeps one contract per page: code beside the singleton takes the contract's values from @portal/shared, not by the contract's own name", async () => {
    const valueImport = "import { luhnValid } from '@portal/shared/contract';\nexport const x = luhnValid;\n";
    assert.ok(await restricted('shared/src/payments/x.ts', valueImport), 'the payment module, bundled into each app');
    assert.ok(await restricted('remotes/account/src/x.ts', valueImport));
    assert.equal(
      await restricted(
        'remotes/account/src/x.ts',
        "import type { Plan } from '@portal/shared/contract';\nexport type X = Plan;\n",
      ),
      false,
      'types are free',
    );
    assert.equal(
      await restricted('remotes/catalogue/src/widget/x.ts', valueImport),
      false,
      'the widget is built alone, without the singleton',
    );
    assert.ok(
      await restricted('remotes/catalogue/src/widget/x.ts', "import { Link } from 'wouter';\nexport const x = Link;\n"),
      'and keeps the other boundaries',
    );
  });

  it('keeps one router: apps take the router from @portal/shared, except types and tests', async () => {
    assert.ok(
      await restricted('remotes/catalogue/src/x.tsx', "import { Link } from 'wouter';\nexport const x = Link;\n"),
    );
    assert.ok(
      await restricted(
        'host/src/layout/x.tsx',
        "import { useLocation } from 'wouter';\nexport const x = useLocation;\n",
      ),
    );
    assert.ok(
      await restricted(
        'remotes/account/src/x.tsx',
        "import { memoryLocation } from 'wouter/memory-location';\nexport const x = memoryLocation;\n",
      ),
    );
    assert.ok(
      await restricted(
        'remotes/account/src/x.test.tsx',
        "import { routes } from '@portal/catalogue/routes';\nexport const x = routes;\n",
      ),
      'tests keep the other boundaries',
    );
    assert.equal(
      await restricted(
        'remotes/catalogue/src/x.tsx',
        "import type { RouteProps } from 'wouter';\nexport type X = RouteProps;\n",
      ),
      false,
    );
    assert.equal(
      await restricted(
        'remotes/catalogue/src/x.test.tsx',
        "import { Router } from 'wouter';\nexport const x = Router;\n",
      ),
      false,
    );
    assert.equal(
      await restricted(
        'remotes/catalogue/src/x.tsx',
        "import { Link } from '@portal/shared';\nexport const x = Link;\n",
      ),
      false,
    );
  });

  it('keeps API paths and methods in the endpoint table: apps call calls.<name>(), not the raw client', async () => {
    assert.ok(
      await restricted('remotes/account/src/x.ts', "import { api } from '@portal/shared';\nexport const x = api;\n"),
    );
    assert.ok(
      await restricted(
        'host/src/x.ts',
        "import { productPath } from '@portal/shared';\nexport const x = productPath;\n",
      ),
    );
    assert.equal(
      await restricted(
        'remotes/account/src/x.ts',
        "import { calls } from '@portal/shared';\nexport const x = calls;\n",
      ),
      false,
    );
    // The one table is the API's: an app calls through it, and may take its types (decision 059).
    assert.ok(
      await restricted(
        'remotes/support/src/x.ts',
        "import { endpoints } from '@portal/shared/contract/endpoints';\nexport const x = endpoints;\n",
      ),
    );
    assert.equal(
      await restricted(
        'remotes/support/src/x.ts',
        "import type { endpoints } from '@portal/shared/contract/endpoints';\nexport type X = typeof endpoints;\n",
      ),
      false,
    );
  });

  it('allows what flows the right way', async () => {
    assert.equal(
      await restricted(
        'remotes/account/src/x.ts',
        "import { calls } from '@portal/shared';\nexport const x = calls;\n",
      ),
      false,
    );
    assert.equal(
      await restricted('host/src/a/x.ts', "import { y } from '../remotes/loader';\nexport const x = y;\n"),
      false,
    );
  });
});
