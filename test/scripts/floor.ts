/**
 * The stack's floors beside the performance budget (`npm run bench`): `/paketi` as the portal serves
 * it, its HTML, stylesheets, images and `boot.js` unchanged, with the host's scripts replaced by the
 * least the stack runs (`FLOORS`). Lighthouse measured on them says what the named stack costs before
 * the portal adds anything, which is what a budget can be set against
 * (docs/decisions/031-prerendered-public-pages.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import fs from 'node:fs';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ROOT } from '../../api/src/cli/freshness';
import { tempDir } from '../lib/tempDir';

/** The route the floors copy: the heaviest public page of the budget. */
export const FLOOR_ROUTE = '/paketi';

/**
 * The floors: what stands in for the portal's scripts on the copied page, and how the bench names it.
 * `react` is React 19 alone rendering a paragraph (floor/reactAlone.ts). `stack` is the least page the
 * product's named stack makes (floor/stack/): a Module Federation host with eager shared singletons, as
 * the portal's host has, loading one remote whose page asks the API for the packages with axios, reads
 * them with zod, keeps them in zustand and renders them with React 19. `stackInSteps` is that page started
 * as the portal's host starts (floor/stack/hostEntryInSteps.ts).
 */
export const FLOORS = {
  react: {
    main: '/floor/react/react-alone.js',
    label: 'React 19 alone (no federation, router, queries, axios or zod)',
  },
  stack: {
    main: '/floor/stack/host/main.js',
    label:
      'the named stack: React 19, Module Federation with one remote, axios, zod and zustand (no router, query cache, contract or portal code), started at once',
  },
  stackInSteps: {
    main: '/floor/stack/host/steps.js',
    label:
      "the same named stack's page started as the portal starts: after the first paint, in steps (React DOM, zustand, the remote)",
  },
} as const;
export type FloorName = keyof typeof FLOORS;

const FLOOR_DIR = path.join(ROOT, 'test/scripts/floor');
const typescript = {
  test: /\.ts$/,
  loader: 'ts-loader',
  options: { transpileOnly: true, configFile: path.join(ROOT, 'tsconfig.json') },
};
/** As the portal's production builds are made: minified, no source maps. */
const base = (name: string, outDir: string, publicPath: string): webpack.Configuration => ({
  name,
  mode: 'production',
  context: FLOOR_DIR,
  output: {
    path: path.join(outDir, name),
    uniqueName: name,
    publicPath,
    filename: '[name].js',
    chunkFilename: '[name].[contenthash:10].js',
  },
  resolve: { extensions: ['.ts', '.js'] },
  module: { rules: [typescript] },
  devtool: false,
});
/** As the portal shares them; axios and zod are bundled where used, so only what is used is sent. */
const SHARED = ['react', 'react-dom/client', 'zustand'];
const shared = (eager: boolean) =>
  Object.fromEntries(SHARED.map((pkg) => [pkg, { singleton: true, requiredVersion: false as const, eager }]));

function configs(outDir: string): webpack.Configuration[] {
  return [
    { ...base('react', outDir, '/floor/react/'), entry: { 'react-alone': './reactAlone.ts' } },
    {
      ...base('stack/host', outDir, '/floor/stack/host/'),
      entry: { main: './stack/hostEntry.ts', steps: './stack/hostEntryInSteps.ts' },
      plugins: [
        new ModuleFederationPlugin({
          name: 'floorHost',
          remotes: { floorRemote: 'floorRemote@/floor/stack/remote/remoteEntry.js' },
          shared: shared(true),
          shareStrategy: 'loaded-first',
          dts: false,
          // One federation runtime on the page, the host's, as in the portal (decision 010).
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
      ],
    },
    {
      ...base('stack/remote', outDir, '/floor/stack/remote/'),
      entry: {},
      plugins: [
        new ModuleFederationPlugin({
          name: 'floorRemote',
          filename: 'remoteEntry.js',
          exposes: { './page': './stack/remotePage.ts' },
          shared: shared(false),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
        }),
      ],
    },
  ];
}

/** Builds the floors; answers their files by address (`/floor/...`), gzip-compressed. */
async function buildFloors(): Promise<Map<string, Buffer>> {
  const outDir = tempDir('portal-floor-');
  const compiler = webpack(configs(outDir));
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
  const files = new Map<string, Buffer>();
  for (const file of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(outDir, file);
    if (file.endsWith('.js') && fs.statSync(full).isFile())
      files.set('/floor/' + file.split(path.sep).join('/'), zlib.gzipSync(fs.readFileSync(full)));
  }
  return files;
}

/**
 * A server per floor in front of the portal at `portalUrl`: `FLOOR_ROUTE` is the portal's page with its
 * scripts swapped for the floor's, the floors' files are answered from their build, and every other
 * request goes to the portal as it is. The floors come from one build.
 */
export async function startFloors(
  portalUrl: string,
): Promise<{ urls: Record<FloorName, string>; stop: () => Promise<void> }> {
  const files = await buildFloors();
  const original = await (await fetch(portalUrl + FLOOR_ROUTE, { headers: { 'accept-encoding': 'identity' } })).text();
  const servers: http.Server[] = [];
  const urls = {} as Record<FloorName, string>;
  for (const floor of Object.keys(FLOORS) as FloorName[]) {
    const { main } = FLOORS[floor];
    if (!files.has(main)) throw new Error(`The floors' build made no ${main}`);
    // boot.js stays: it starts the scripts once the page has painted, as on the real page, and without
    // the real page's hints (they would fetch what the floor does not use).
    const page = original.replace(
      /<script defer src="\/boot\.js"[^>]*><\/script>/,
      `<script defer src="/boot.js" data-main="${main}"></script>`,
    );
    if (page === original) throw new Error(`The floor found no boot script in ${FLOOR_ROUTE}`);
    const server = floorServer(new URL(portalUrl), zlib.gzipSync(page), files);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls[floor] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    urls,
    stop: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

function floorServer(portal: URL, page: Buffer, files: Map<string, Buffer>): http.Server {
  return http.createServer((request, response) => {
    const url = request.url ?? '';
    const body = url === FLOOR_ROUTE ? page : files.get(url);
    if (body) {
      const type = url === FLOOR_ROUTE ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8';
      response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
      response.end(body);
      return;
    }
    const forward = http.request(
      { host: portal.hostname, port: portal.port, path: url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
}
