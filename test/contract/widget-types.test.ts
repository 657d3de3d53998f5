/**
 * The typings shipped beside the widget (remotes/catalogue/public/tv-paketi*.d.ts) type-check an
 * operator's code that uses the element, its events and its JSX, and refuse a wrong use.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PUBLIC = path.join(ROOT, 'remotes/catalogue/public');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** Type-checks `files` (name → source) beside copies of the shipped typings; answers tsc's output, or '' when clean. */
function typeCheck(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tv-paketi-types-'));
  for (const name of ['tv-paketi.d.ts', 'tv-paketi-react.d.ts'])
    fs.copyFileSync(path.join(PUBLIC, name), path.join(dir, name));
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      lib: ['DOM', 'ES2022'],
      skipLibCheck: false,
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
      types: [],
      paths: {
        react: [path.join(ROOT, 'node_modules/@types/react')],
        'react/jsx-runtime': [path.join(ROOT, 'node_modules/@types/react/jsx-runtime')],
      },
    },
    files: Object.keys(files).map((name) => path.join(dir, name)),
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
  const result = spawnSync(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return `${result.stdout}${result.stderr}`.trim();
}

describe('the typings of <tv-paketi>', () => {
  it("type the element, its events and its JSX in an operator's code", () => {
    const output = typeCheck({
      'page.ts': `import type {} from './tv-paketi';
const widget = document.querySelector('tv-paketi');
widget?.addEventListener('tv-paketi-select', (event) => {
  const code: string = event.detail.code;
  const price: number | null = event.detail.priceKM;
  if (code === 'maxon' && price !== null) event.preventDefault();
});
widget?.addEventListener('tv-paketi-load', (event) => event.detail.packages.map((p) => p.name));
widget?.addEventListener('tv-paketi-error', (event) => console.log(event.detail.message));
const ref: string | null = widget ? widget.ref : null;
export { ref };
`,
      'app.tsx': `import type {} from './tv-paketi-react';
export const Packages = () => <tv-paketi portal-url="https://portal.ontv.ba" paket="maxon" pismo="cirilica" ref={(el) => el?.setAttribute('ref', 'naslovna')} />;
`,
    });
    assert.equal(output, '');
  });

  it('refuse a wrong use', () => {
    const output = typeCheck({
      'page.ts': `import type {} from './tv-paketi';
document.querySelector('tv-paketi')?.addEventListener('tv-paketi-select', (event) => event.detail.price);
`,
      'app.tsx': `import type {} from './tv-paketi-react';
export const Packages = () => <tv-paketi paket="gold" />;
`,
    });
    assert.match(output, /Property 'price' does not exist/);
    assert.match(output, /"gold"/);
  });
});
