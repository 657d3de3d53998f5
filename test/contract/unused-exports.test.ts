import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../api/src/cli/freshness';
import { findUnusedExports, type UnusedExport } from '../scripts/unused-exports';

/** Scripts run by tsx that the tsconfig does not include: what they import is used. */
const EXTRA_FILES = [
  'api/scripts/build.ts',
  'host/scripts/remote-types.ts',
  'remotes/catalogue/scripts/channel-art.ts',
];

/**
 * Modules whose exports a tool or another build takes without an import: the remotes' federation modules
 * (`src/exposes/`), the prerender entries the builds run, webpack's configuration, the invoice worker, the
 * module webpack puts in place of axios's fetch adapter, and the stand-ins jest maps assets to.
 */
const ENTRIES = [
  /^remotes\/[^/]+\/src\/exposes\//,
  /^host\/src\/prerender\/shells\.tsx$/,
  /^remotes\/catalogue\/src\/prerender\/render\.tsx$/,
  /^webpack\.config\.ts$/,
  /^api\/src\/money\/invoices\/invoicePdfWorker\.ts$/,
  /^shared\/src\/api\/axiosFetchAdapter\.ts$/,
  /^shared\/src\/testing\/(asset|css-module)\.ts$/,
];

/** Findings kept on purpose, as `file#name`, each with why. */
const ALLOWED: Record<string, string> = {
  // A compile-time check that the remotes' published types match what the host expects (eslint would
  // call an unexported type unused).
  'host/src/remotes/exposed.ts#CheckedExposedRoutes': 'compile-time check',
  // Named by the router's public signatures (useLocation, useNavigate): the published types need them.
  'shared/src/router.tsx#Location': 'named in public signatures',
  'shared/src/router.tsx#NavigateOptions': 'named in public signatures',
};

const key = (finding: UnusedExport) => `${finding.file}#${finding.name}`;

const describeFinding = (finding: UnusedExport) =>
  `${key(finding)}: ${finding.usedInFile ? 'used only in its own module: drop `export`' : 'used nowhere: remove it'}`;

describe('exports', () => {
  it('has none that nobody imports, unless marked @deprecated with the decision that keeps them', () => {
    const findings = findUnusedExports({
      root: ROOT,
      extraFiles: EXTRA_FILES,
      isEntry: (file) => ENTRIES.some((entry) => entry.test(file)),
    });
    const unexplained = findings.filter((finding) => !finding.deprecated && !(key(finding) in ALLOWED));
    assert.deepEqual(
      unexplained.map(describeFinding),
      [],
      'Remove these exports (or their `export`), or mark one kept on purpose `@deprecated` naming its docs/decisions/ record.',
    );
    // An allowed finding that is gone (removed, or imported now) leaves the list too.
    const found = new Set(findings.map(key));
    assert.deepEqual(
      Object.keys(ALLOWED).filter((allowed) => !found.has(allowed)),
      [],
      'These are no longer findings: take them off ALLOWED in test/contract/unused-exports.test.ts.',
    );
  });
});

describe('the unused-exports check', () => {
  /** A throw-away project of the given files, with a tsconfig holding them all. */
  function project(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unused-exports-'));
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' },
      }),
    );
    for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), code);
    return dir;
  }

  it('finds an export nobody imports, and one its own module alone uses', () => {
    const root = project({
      'a.ts':
        'export const used = 1;\nexport const dead = 2;\nexport const local = 3;\nexport const twice = local * 2;\n',
      'b.ts': "import { used, twice } from './a';\nconsole.log(used, twice);\n",
    });
    assert.deepEqual(
      findUnusedExports({ root }).map((f) => [f.file, f.name, f.usedInFile]),
      [
        ['a.ts', 'dead', false],
        ['a.ts', 'local', true],
      ],
    );
  });

  it('counts uses through a barrel, a namespace, an import type, a dynamic import and a lazy page', () => {
    const root = project({
      'a.ts':
        'export const viaBarrel = 1;\nexport const viaNamespace = 2;\nexport type ViaImportType = number;\n' +
        'export const viaDynamic = 3;\nexport const ViaLazy = 4;\nexport const ViaLoader = 5;\nexport default 6;\n',
      'index.ts': "export * from './a';\n",
      'b.ts':
        "import { viaBarrel } from './index';\nimport * as a from './a';\n" +
        'declare function lazyPage<M>(load: () => Promise<M>, name: keyof M): unknown;\n' +
        "const t: import('./a').ViaImportType = viaBarrel + a.viaNamespace;\n" +
        "void import('./a').then((m) => m.viaDynamic);\nlazyPage(() => import('./a'), 'ViaLazy');\n" +
        "const load = () => import('./a');\nlazyPage(load, 'ViaLoader');\nconsole.log(t);\n",
    });
    assert.deepEqual(findUnusedExports({ root }), []);
  });

  it('lets an export marked @deprecated with its decision record through, and skips entries', () => {
    const root = project({
      'a.ts':
        "/** @deprecated kept for the widget's embedders (docs/decisions/022-widget-stays-framework-free.md) */\nexport const kept = 1;\n" +
        '/** @deprecated */\nexport const noReason = 2;\n',
      'entry.ts': 'export const takenByATool = 1;\n',
    });
    assert.deepEqual(
      findUnusedExports({ root, isEntry: (file) => file === 'entry.ts' }).map((f) => [f.name, f.deprecated]),
      [
        ['kept', true],
        ['noReason', false],
      ],
    );
  });
});
