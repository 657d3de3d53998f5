/**
 * What every build of the portal has in common (docs/decisions/042-each-app-owns-its-build.md): the
 * repository's root, the modes and options, the loaders' rules and the pre-compressed copies.
 */
import path from 'node:path';
import fs from 'node:fs';
import type { Configuration } from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import * as zopfli from '@gfx/zopfli';

export const ROOT = path.join(__dirname, '..');

export type Mode = 'production' | 'development';

/** Builds of one app other than its own: against another release of `@portal/shared`, into another folder. */
export interface BuildOptions {
  sharedFrom?: string;
  outDir?: string;
  /** Publish the remotes' exposed types (`--env types`). */
  types?: boolean;
}

/** What an app's build (its `build.ts`) is given: the mode, and the options of `--env`. */
export interface BuildEnv {
  mode: Mode;
  options: BuildOptions;
}

/** An app's build: the configurations webpack runs for it, its own first. */
export type AppBuild = (env: BuildEnv) => Configuration[];

export function readJson(file: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Source maps: full ones for a release, quick ones while developing. */
export const devtool = (mode: Mode) => (mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map');

/** Every build reports errors and warnings only, and no size hints (the bench measures the bundles). */
export const quiet = () =>
  ({
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  }) satisfies Configuration;

export const typescriptRule = {
  test: /\.tsx?$/,
  loader: 'ts-loader',
  exclude: /node_modules/,
  options: { transpileOnly: true, configFile: path.join(ROOT, 'tsconfig.json') },
};

/**
 * CSS modules' class names, hashed from the file's path in the repository: every build of a file (the
 * host's, a remote's, a prerender's) names its classes alike, so prerendered HTML matches the styles.
 */
export const CSS_MODULES = (prod: boolean) => ({
  auto: true,
  namedExport: false,
  exportLocalsConvention: 'as-is' as const,
  localIdentName: prod ? '[hash:base64:7]' : '[name]__[local]',
  localIdentContext: ROOT,
});

export const cssRule = (prod: boolean) => ({
  test: /\.css$/,
  use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: CSS_MODULES(prod) } }],
});

export const assetRule = { test: /\.(svg|png|jpe?g|webp|woff2)$/, type: 'asset/resource' as const };

/**
 * The router's store hook (wouter) imports the `use-sync-external-store` shim, which only forwards to
 * React's own `useSyncExternalStore` on React 18 and later: React's is taken directly.
 */
export const NATIVE_SYNC_EXTERNAL_STORE = {
  'use-sync-external-store/shim/index.js$': path.join(ROOT, 'shared/src/syncExternalStore.ts'),
};

/** Every pre-compressed copy: only files worth it (over 512 bytes, at least a tenth smaller). */
const WORTH_COMPRESSING = { threshold: 512, minRatio: 0.9 };

/** Pre-compressed copies: the server sends .br or .gz by Accept-Encoding without compressing per request. */
export const compression = (prod: boolean) =>
  prod
    ? [
        // Scripts and styles gzip-encoded by zopfli (the plugin's documented way): about 3 % smaller than
        // zlib's best, for browsers that do not take brotli. Images and data keep zlib: zopfli's cost
        // per file would double the build for a few bytes.
        new CompressionPlugin<zopfli.ZopfliOptions>({
          test: /\.(js|css)$/,
          algorithm: (input, options, done) => zopfli.gzip(input, options, done),
          compressionOptions: { numiterations: 1 },
          filename: '[path][base].gz',
          ...WORTH_COMPRESSING,
        }),
        new CompressionPlugin({
          test: /\.(html|svg|json)$/,
          algorithm: 'gzip',
          filename: '[path][base].gz',
          ...WORTH_COMPRESSING,
        }),
        new CompressionPlugin({
          test: /\.(js|css|html|svg|json)$/,
          algorithm: 'brotliCompress',
          filename: '[path][base].br',
          ...WORTH_COMPRESSING,
        }),
      ]
    : [];
