import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../../test/lib/tempDir';

/** A page's shell as the host's build writes it, in the sandbox and live. */
interface Shell {
  sandbox: string;
  live: string;
}

/**
 * A built portal on disk, for the tests of the pages the server stitches: the host's index, its
 * configuration naming the catalogue's manifest, its shells by path, and the catalogue's manifest and
 * prerendered pages, their build named by the manifest's digest as the build names it.
 */
export function builtPortal(options: {
  name: string;
  index: string;
  shells: Record<string, Shell>;
  pages: unknown[];
  catalogue?: string;
}): string {
  const root = tempDir(`ontv-${options.name}-`);
  const host = path.join(root, 'host', 'dist');
  const remote = path.join(root, 'remotes', 'catalogue', 'dist');
  fs.mkdirSync(host, { recursive: true });
  fs.mkdirSync(remote, { recursive: true });
  fs.writeFileSync(path.join(host, 'index.html'), options.index);
  const catalogue = options.catalogue ?? '/remotes/catalogue/mf-manifest.json';
  fs.writeFileSync(
    path.join(host, 'portal.config.json'),
    JSON.stringify({ apiBaseUrl: '/api', remotes: { catalogue } }),
  );
  fs.writeFileSync(path.join(host, 'shells.json'), JSON.stringify(options.shells));
  const manifest = JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] });
  fs.writeFileSync(path.join(remote, 'mf-manifest.json'), manifest);
  const build = createHash('sha256').update(manifest).digest('hex');
  fs.writeFileSync(path.join(remote, 'pages.json'), JSON.stringify({ build, pages: options.pages }));
  return root;
}
