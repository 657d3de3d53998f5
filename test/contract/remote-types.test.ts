/**
 * The host's type check reads the types the remotes publish (Module Federation `dts`, `npm run
 * remote-types`): a remote whose exposed `./routes` changes its signature, or disappears, fails it.
 * Needs the remotes' production build (npm test builds before this step).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { REMOTE_NAMES } from '@portal/shared/contract';
import { remoteTypes, TYPES_DIR } from '../../host/scripts/remote-types';

const ROOT = path.resolve(__dirname, '../..');
const EXPOSED = path.join(ROOT, 'host/src/remotes/exposed.ts');

/** The host's exposed-module types checked against `typesDir` (what the remotes publish); the errors, one per line. */
function hostErrors(typesDir: string): string {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const paths = Object.fromEntries(REMOTE_NAMES.map((name) => [`${name}/*`, [path.join(typesDir, name, '*')]]));
  const program = ts.createProgram([EXPOSED, path.join(ROOT, 'shared/src/ui/assets.d.ts')], {
    ...options,
    paths,
    noEmit: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    )
    .join('\n');
}

/** A copy of the published types with one remote's `routes.d.ts` replaced (or removed, with null). */
function publishedWith(remote: string, routes: string | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-types-'));
  fs.cpSync(TYPES_DIR, dir, { recursive: true });
  const file = path.join(dir, remote, 'routes.d.ts');
  if (routes === null) fs.rmSync(file);
  else fs.writeFileSync(file, routes);
  return dir;
}

describe("the remotes' published types gate the host's type check", () => {
  before(() => remoteTypes());

  it('pass as the remotes of this checkout publish them', () => {
    assert.equal(hostErrors(TYPES_DIR), '');
  });

  it('fail when a remote changes the signature of its exposed routes', () => {
    // `routes` made a function of the product, as `accountRoutes` is: a change the page would only find at run time.
    const dir = publishedWith(
      'account',
      "import type { RouteObject } from '@portal/shared';\nexport declare function routes(product: string): RouteObject[];\n",
    );
    assert.match(hostErrors(dir), /host\/src\/remotes\/exposed\.ts: .*account/s);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fail when a remote stops exposing its routes', () => {
    const dir = publishedWith('onboarding', null);
    assert.match(hostErrors(dir), /Cannot find module 'onboarding\/routes'/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
