/**
 * The browser build of one app (docs/decisions/042-each-app-owns-its-build.md): its own `dist/` with
 * content-hashed chunks. A host serves a page; a remote has no page, only its federation container and
 * `mf-manifest.json`, which is what the host's run-time configuration points at. An app's build.ts
 * calls it with what is its own (`AppSpec`).
 */
import path from 'node:path';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { APPS, type AppName } from '@portal/shared/contract';
import {
  NATIVE_SYNC_EXTERNAL_STORE,
  ROOT,
  assetRule,
  cssRule,
  devtool,
  minimizer,
  quiet,
  typescriptRule,
  type BuildEnv,
} from './common';
import { esmRuntimeProvider, federationPlugin, sharedPackage } from './federation';
import { AXIOS_XHR_ONLY, buildInfo, copy } from './plugins';

interface AppSpec {
  /** The federation's name; the app's own by default. */
  federationName?: string;
  /** A remote's exposed modules (one `src/exposes/` folder per remote). */
  exposes?: Record<string, string>;
  /** A host's page: the base path it serves it at, beside its run-time configuration file (in `public/`). */
  page?: { base: string; configFile: string };
  /** Folders copied as they are into the build: files an editor changes without touching code. */
  staticDirs?: Array<{ from: string; to: string }>;
  /** The app's own plugins, after the common ones. */
  plugins?: WebpackPluginInstance[];
  optimization?: Configuration['optimization'];
  /** Files in `dist/` that another of the app's builds writes, which this one's cleaning leaves alone. */
  keep?: RegExp;
}

export function appConfig(app: AppName, { mode, options }: BuildEnv, spec: AppSpec = {}): Configuration {
  const { dir, kind } = APPS[app];
  const appRoot = path.join(ROOT, dir);
  const isHost = kind === 'host';
  if (isHost !== Boolean(spec.page)) throw new Error(`${dir}/build.ts: a host, and only a host, names its page`);
  const federationName = spec.federationName ?? app;
  const prod = mode === 'production';
  const portalShared = sharedPackage(options.sharedFrom);

  return {
    name: app,
    mode,
    context: appRoot,
    // Remotes have no page of their own: their only entry is the federation container.
    entry: isHost ? { main: './src/index.ts' } : {},
    devtool: devtool(mode),
    target: 'web',
    output: {
      path: options.outDir ? path.resolve(ROOT, options.outDir) : path.join(appRoot, 'dist'),
      publicPath: spec.page?.base ?? 'auto',
      // Entry files keep stable names (the federation runtime cannot hash them) and are served
      // with `no-cache`; every other chunk is content-hashed and cached for good.
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: federationName,
      clean: spec.keep ? { keep: spec.keep } : true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { ...(isHost ? esmRuntimeProvider() : {}), ...NATIVE_SYNC_EXTERNAL_STORE, ...portalShared.aliases },
    },
    module: { rules: [typescriptRule, cssRule(prod), assetRule] },
    plugins: [
      federationPlugin({ name: federationName, dir, isHost, exposes: spec.exposes }, mode, options, portalShared),
      AXIOS_XHR_ONLY,
      // Lets `npm start` tell a development build (npm run dev) from a production one.
      // builtAt makes every build rewrite it (webpack skips unchanged files), so its time is the build's.
      buildInfo(() => ({ app, mode, builtAt: new Date().toISOString() })),
      new MiniCssExtractPlugin({
        filename: prod ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
      }),
      ...(spec.plugins ?? []),
      ...(spec.staticDirs?.length
        ? [copy(spec.staticDirs.map(({ from, to }) => ({ from: path.join(appRoot, from), to })))]
        : []),
      ...(spec.page ? pagePlugins(appRoot, spec.page.configFile) : []),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      minimizer: minimizer(),
      ...spec.optimization,
    },
    ...quiet(),
  };
}

/** A host's page (`public/index.html`) and its run-time configuration file, beside it. */
function pagePlugins(appRoot: string, configFile: string): WebpackPluginInstance[] {
  return [
    copy([{ from: path.join(appRoot, 'public', configFile), to: configFile }]),
    new HtmlWebpackPlugin({
      template: './public/index.html',
      favicon: './public/favicon.svg',
      scriptLoading: 'defer',
    }),
  ];
}
