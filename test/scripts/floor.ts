/**
 * The stack's floor beside the performance budget (`npm run bench`): `/paketi` as the portal serves
 * it, its HTML, stylesheets, images and `boot.js` unchanged, with the host's scripts replaced by one
 * bundle of React 19 that renders a paragraph (floor/reactAlone.ts). Lighthouse measured on it says
 * what the named stack costs before the portal adds anything, which is what a budget can be set
 * against (docs/decisions/031-prerendered-public-pages.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import fs from 'node:fs';
import webpack from 'webpack';
import { ROOT } from '../../api/src/cli/freshness';
import { tempDir } from '../lib/tempDir';

/** The route the floor copies: the heaviest public page of the budget. */
export const FLOOR_ROUTE = '/paketi';
const SCRIPT = '/floor/react-alone.js';

/** React 19 alone, minified as the portal's production build is. */
async function buildFloor(): Promise<Buffer> {
  const outDir = tempDir('portal-floor-');
  const compiler = webpack({
    mode: 'production',
    context: path.join(ROOT, 'test/scripts/floor'),
    entry: './reactAlone.ts',
    output: { path: outDir, filename: 'react-alone.js' },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'ts-loader',
          options: { transpileOnly: true, configFile: path.join(ROOT, 'tsconfig.json') },
        },
      ],
    },
    devtool: false,
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
  return fs.readFileSync(path.join(outDir, 'react-alone.js'));
}

/**
 * A server in front of the portal at `portalUrl`: `FLOOR_ROUTE` is the portal's page with its scripts
 * swapped for React alone; every other request goes to the portal as it is.
 */
export async function startFloor(portalUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = zlib.gzipSync(await buildFloor());
  const original = await (await fetch(portalUrl + FLOOR_ROUTE, { headers: { 'accept-encoding': 'identity' } })).text();
  // boot.js stays: it starts the scripts once the page has painted, as on the real page, and without
  // the real page's hints (they would fetch what React alone does not use).
  const page = original.replace(
    /<script defer src="\/boot\.js"[^>]*><\/script>/,
    `<script defer src="/boot.js" data-main="${SCRIPT}"></script>`,
  );
  if (page === original) throw new Error(`The floor found no boot script in ${FLOOR_ROUTE}`);
  const served = new Map([
    [FLOOR_ROUTE, { body: zlib.gzipSync(page), type: 'text/html; charset=utf-8' }],
    [SCRIPT, { body: script, type: 'text/javascript; charset=utf-8' }],
  ]);
  const portal = new URL(portalUrl);
  const server = http.createServer((request, response) => {
    const mine = served.get(request.url ?? '');
    if (mine) {
      response.writeHead(200, { 'content-type': mine.type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
      response.end(mine.body);
      return;
    }
    const forward = http.request(
      { host: portal.hostname, port: portal.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
