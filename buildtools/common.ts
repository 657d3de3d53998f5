/**
 * What every build of the portal has in common (docs/decisions/042-each-app-owns-its-build.md): the
 * repository's root, the modes and options, the loaders' rules and the pre-compressed copies.
 */
import path from 'node:path';
import fs from 'node:fs';
import type { Configuration } from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

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

/**
 * The scripts' minifier: swc's, through webpack's own minimizer plugin (the one webpack runs by default,
 * with terser): a little fewer bytes than terser, for 46 s of the build's CPU where terser took 79 s
 * (docs/decisions/045-compressed-copies-after-the-build.md).
 */
export const minimizer = () => [
  new MinimizerPlugin({
    minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
  }),
];
