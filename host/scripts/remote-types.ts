/**
 * The remotes' published types for the host's type check. Each remote's production build writes the
 * types of what it exposes (Module Federation `dts`) as `@mf-types.zip` beside its `mf-manifest.json`;
 * this unpacks them into `host/@mf-types/<remote>/`, where `typeof import('account/routes')` in the
 * host finds them (tsconfig.json `paths`). A remote that changes an exposed signature then fails the
 * host's type check, not the page.
 *
 *   npm run remote-types                                     from this checkout's builds (npm run build)
 *   npm run remote-types -- --from=https://portal.example.ba from the remotes a portal runs today
 *
 * Exits non-zero, saying what to run, when a remote's types are missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { REMOTE_NAMES, parsePortalConfig, type RemoteName } from '@portal/shared/contract';

const ROOT = path.resolve(__dirname, '../..');
export const TYPES_DIR = path.join(ROOT, 'host', '@mf-types');

interface Manifest {
  metaData: { publicPath?: string; types?: { zip?: string } };
}

/** A remote's types archive from this checkout's build. */
function localArchive(name: RemoteName): Buffer {
  const dir = path.join(ROOT, 'remotes', name, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const zip = manifest.metaData.types?.zip;
  if (!zip)
    throw new Error(
      `remotes/${name}/dist/mf-manifest.json names no types archive (build the remotes with their types: npm run build; npm start and development builds leave them out)`,
    );
  return fs.readFileSync(path.join(dir, zip));
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

const fetchJson = async (url: string): Promise<unknown> => (await fetchOk(url)).json();

/** A remote's types archive from a running portal: its manifest (as portal.config.json names it), then the archive beside it. */
async function deployedArchive(portal: string, manifestUrl: string): Promise<Buffer> {
  const url = new URL(manifestUrl, portal);
  const manifest = (await fetchJson(url.href)) as Manifest;
  const zip = manifest.metaData.types?.zip;
  if (!zip) throw new Error(`${url.href} names no types archive`);
  const base =
    manifest.metaData.publicPath && manifest.metaData.publicPath !== 'auto'
      ? manifest.metaData.publicPath
      : new URL('.', url).href;
  return Buffer.from(await (await fetchOk(new URL(zip, base).href)).arrayBuffer());
}

function unpack(name: RemoteName, archive: Buffer): void {
  const target = path.join(TYPES_DIR, name);
  fs.rmSync(target, { recursive: true, force: true });
  new AdmZip(archive).extractAllTo(target, true);
}

export async function remoteTypes(from?: string): Promise<void> {
  const config = from ? parsePortalConfig(await fetchJson(new URL('/portal.config.json', from).href)) : null;
  for (const name of REMOTE_NAMES) {
    unpack(name, config ? await deployedArchive(from!, config.remotes[name]) : localArchive(name));
  }
}

if (require.main === module) {
  const from = process.argv.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);
  remoteTypes(from).then(
    () =>
      console.info(
        `The remotes' types (${REMOTE_NAMES.join(', ')}) are in host/@mf-types/, from ${from ?? "this checkout's builds"}.`,
      ),
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`The remotes' types could not be read: ${reason}`);
      console.error(
        from
          ? 'Check that the portal is reachable and that its remotes were built in production mode.'
          : 'Build the remotes first: npm run build (or take the deployed ones: npm run remote-types -- --from=https://portal.example.ba).',
      );
      process.exitCode = 1;
    },
  );
}
