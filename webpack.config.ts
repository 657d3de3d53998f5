/**
 * One config factory for every app of the portal: `webpack --env app=<name>`, or `--env app=all`.
 * The host and each remote build into their own `dist/` with content-hashed chunks; remotes also
 * emit `mf-manifest.json`, which is what the host's run-time configuration points at.
 */
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import webpack, { type Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import * as zopfli from '@gfx/zopfli';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

interface AppSpec {
  dir: string;
  federationName: string;
  /** Modules a remote offers other apps (one `src/exposes/` folder per remote). */
  exposes?: Record<string, string>;
  /** Folders copied as they are into the build: files an editor changes without touching code. */
  staticDirs?: Array<{ from: string; to: string }>;
}

/**
 * The apps' folders, from npm's workspaces: the host and `remotes/<name>` (test/contract/boundaries.test.ts
 * holds them to the contract's REMOTE_NAMES).
 */
const WORKSPACES: string[] = JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8')).workspaces;
const dirOf = (name: string): string => {
  const dir = WORKSPACES.find((w) => w === name || w === `remotes/${name}`);
  if (!dir) throw new Error(`No workspace for the app ${name} in package.json`);
  return dir;
};

export const APPS = {
  host: { dir: dirOf('host'), federationName: 'host' },
  catalogue: {
    dir: dirOf('catalogue'),
    federationName: 'catalogue',
    exposes: {
      './routes': './src/exposes/routes.tsx',
      './widget': './src/exposes/widget.ts',
      './subscription': './src/exposes/subscription.ts',
    },
    staticDirs: [
      { from: 'content/images', to: 'images' },
      { from: 'content/resources', to: 'resources' },
    ],
  },
  account: {
    dir: dirOf('account'),
    federationName: 'account',
    // `./views`: the payment history, invoice and devices drawn from answers alone, which the support
    // console shows in its read-only staff mode (AccountViewsModule in @portal/shared).
    exposes: { './routes': './src/exposes/routes.tsx', './views': './src/exposes/views.tsx' },
  },
  onboarding: { dir: dirOf('onboarding'), federationName: 'onboarding' },
  // The support console (docs/decisions/032-support-console.md): its remote and its own thin host at
  // `/podrska/`, built and deployed apart from the customer portal (`--env app=support,supportHost`).
  support: { dir: dirOf('support'), federationName: 'support', exposes: { './console': './src/exposes/console.tsx' } },
  supportHost: { dir: dirOf('support-host'), federationName: 'support_host' },
} as const satisfies Record<string, AppSpec>;
export type AppName = keyof typeof APPS;

const root = __dirname;

function readJson(file: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Where an app's `@portal/shared` comes from: the workspace package, or another release of it (a
 * folder holding its package.json and sources, `--env sharedFrom=<dir>`; the version-skew test builds a
 * remote that way, as a team deploying its remote on another release of the package would).
 */
interface SharedPackage {
  version: string;
  /** webpack aliases onto the release's entry points; none for the workspace package. */
  aliases: Record<string, string>;
}

function sharedPackage(from?: string): SharedPackage {
  const dir = from ? path.resolve(root, from) : path.join(root, 'shared');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
    exports: Record<string, string>;
  };
  if (!from) return { version: pkg.version, aliases: {} };
  const aliases = Object.fromEntries(
    Object.entries(pkg.exports).map(([entry, file]) => [`@portal/shared${entry.slice(1)}$`, path.join(dir, file)]),
  );
  return { version: pkg.version, aliases };
}

/**
 * Singletons shared by every app; `requiredVersion` comes from the app's own package.json, except for
 * `@portal/shared`: an app accepts any release of the major it was built against (within a major the
 * package only adds), and a page whose `@portal/shared` is of another major refuses the app
 * (`strictVersion`) instead of running it on a contract it was not built for.
 * The host's copies are eager: they are in its `main.js`, the page's first script, instead of chunks
 * fetched one round trip after it.
 * The router is not among them: it reaches the apps inside @portal/shared (see shared/src/router.tsx).
 */
function sharedModules(appDir: string, portalShared: SharedPackage, eager: boolean) {
  const deps = readJson(path.join(root, appDir, 'package.json')).dependencies ?? {};
  const versionOf = (pkg: string): string => {
    const range = deps[pkg];
    if (!range) throw new Error(`${appDir}/package.json must list ${pkg} in dependencies to share it`);
    return range;
  };
  const singleton = (pkg: string, requiredVersion = versionOf(pkg)) => ({ singleton: true, requiredVersion, eager });
  const major = portalShared.version.split('.')[0];
  return {
    // React 19 itself, one copy per page: react-dom refuses a react of another exact release (React error
    // #527), so every entry point is offered at the installed release and asked for in the app's range.
    ...Object.fromEntries(
      REACT_ENTRIES.map(([name, pkg]) => [name, { ...singleton(name, versionOf(pkg)), version: REACT_VERSION[pkg] }]),
    ),
    zustand: singleton('zustand'),
    '@portal/shared': {
      singleton: true,
      version: portalShared.version,
      requiredVersion: `^${major}.0.0`,
      strictVersion: true,
      eager,
    },
  };
}

/**
 * `build.json`, made at each build: which app and mode, and when (npm start tells a development build
 * from a production one by it). Files copied as they are go through copy-webpack-plugin.
 */
class BuildInfoPlugin {
  constructor(private readonly info: () => object) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('build.json', new webpack.sources.RawSource(JSON.stringify(this.info())));
        },
      );
    });
  }
}

/** Files and folders copied into the output as they are: content an editor changes, not code. */
const copy = (patterns: Array<{ from: string; to: string }>) => new CopyPlugin({ patterns });

/**
 * The embed's release files (README, "The package widget"): beside the unversioned `tv-paketi.js`,
 * `v1/tv-paketi.js` (follows every compatible release) and `tv-paketi.<hash>.js` (this release, never
 * changed, to pin with Subresource Integrity). `integrity.json` names the pinned file and its
 * `sha384-…` value, which the build also prints.
 */
class EmbedReleasePlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('EmbedReleasePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmbedReleasePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const asset = compilation.getAsset('tv-paketi.js');
          if (!asset) return;
          const source = asset.source.buffer();
          const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 10);
          const integrity = `sha384-${crypto.createHash('sha384').update(source).digest('base64')}`;
          const pinned = `tv-paketi.${hash}.js`;
          compilation.emitAsset('v1/tv-paketi.js', new webpack.sources.RawSource(source));
          compilation.emitAsset(pinned, new webpack.sources.RawSource(source), { immutable: true });
          compilation.emitAsset(
            'integrity.json',
            new webpack.sources.RawSource(`${JSON.stringify({ file: pinned, integrity }, null, 2)}\n`),
          );
          compilation.hooks.afterProcessAssets.tap('EmbedReleasePlugin', () =>
            console.info(`  <tv-paketi> pinned release: embed/${pinned} integrity="${integrity}"`),
          );
        },
      );
    });
  }
}

const typescriptRule = {
  test: /\.tsx?$/,
  loader: 'ts-loader',
  exclude: /node_modules/,
  options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.json') },
};

/**
 * CSS modules' class names, hashed from the file's path in the repository: every build of a file (the
 * host's, a remote's, a prerender's) names its classes alike, so prerendered HTML matches the styles.
 */
const CSS_MODULES = (prod: boolean) => ({
  auto: true,
  namedExport: false,
  exportLocalsConvention: 'as-is' as const,
  localIdentName: prod ? '[hash:base64:7]' : '[name]__[local]',
  localIdentContext: root,
});

const cssRule = (prod: boolean) => ({
  test: /\.css$/,
  use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: CSS_MODULES(prod) } }],
});

const assetRule = { test: /\.(svg|png|jpe?g|webp|woff2)$/, type: 'asset/resource' as const };

/** Every pre-compressed copy: only files worth it (over 512 bytes, at least a tenth smaller). */
const WORTH_COMPRESSING = { threshold: 512, minRatio: 0.9 };

/** Pre-compressed copies: the server sends .br or .gz by Accept-Encoding without compressing per request. */
const compression = (prod: boolean) =>
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

/**
 * The host hands its federation runtime to the remotes (`provideExternalRuntime`), so each remote's
 * entry stays small instead of carrying a second runtime. The plugin doing it is added by its CommonJS
 * path; pointing that at its ES module build keeps the page at one copy of the runtime, not two.
 */
function esmRuntimeProvider(): Record<string, string> {
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    [cjs]: cjs.replace(/index\.cjs$/, 'index.js'),
    // @module-federation/retry-plugin pins an older sdk for its logger; the runtime's own serves it.
    '@module-federation/sdk': path.join(root, 'node_modules/@module-federation/sdk'),
  };
}

/** React's entry points the apps import, each with its package: shared as singletons (sharedModules). */
const REACT_ENTRIES = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
] as const;
const REACT_VERSION = {
  react: readJson(path.join(root, 'node_modules/react/package.json')).version,
  'react-dom': readJson(path.join(root, 'node_modules/react-dom/package.json')).version,
};

/**
 * axios's fetch adapter is left out of the browser bundles: the page's axios instances send through
 * XMLHttpRequest (`adapter: 'xhr'` in shared/src/api/http.ts), and the fetch adapter, which no page
 * runs, was 2.7 KB gzip of the API client's chunk (decision 030). axios stays the one HTTP client.
 */
const AXIOS_XHR_ONLY = new webpack.NormalModuleReplacementPlugin(
  /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
  path.join(root, 'shared/src/api/axiosFetchAdapter.ts'),
);

/**
 * The router's store hook (wouter) imports the `use-sync-external-store` shim, which only forwards to
 * React's own `useSyncExternalStore` on React 18 and later: React's is taken directly.
 */
const NATIVE_SYNC_EXTERNAL_STORE = {
  'use-sync-external-store/shim/index.js$': path.join(root, 'shared/src/syncExternalStore.ts'),
};

/** Module Federation `dts`: the exposed modules' declarations only, compiled with the repository's tsconfig, failing the build on a type error. */
const REMOTE_TYPES = {
  tsConfigPath: path.join(root, 'tsconfig.json'),
  abortOnError: true,
  generateAPITypes: false,
  extractThirdParty: false,
};

/** The hosts: each serves its own page at its base path, beside its run-time configuration file. */
const HOSTS: Partial<Record<AppName, { base: string; configFile: string }>> = {
  host: { base: '/', configFile: 'portal.config.json' },
  supportHost: { base: '/podrska/', configFile: 'support.config.json' },
};

function configFor(app: AppName, mode: 'production' | 'development', options: BuildOptions = {}): Configuration {
  const spec: AppSpec = APPS[app];
  const { dir, federationName } = spec;
  const appRoot = path.join(root, dir);
  const hostSpec = HOSTS[app];
  const isHost = hostSpec !== undefined;
  const prod = mode === 'production';
  const portalShared = sharedPackage(options.sharedFrom);

  return {
    name: app,
    mode,
    context: appRoot,
    // Remotes have no page of their own: their only entry is the federation container.
    entry: isHost ? { main: './src/index.ts' } : {},
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: options.outDir ? path.resolve(root, options.outDir) : path.join(appRoot, 'dist'),
      publicPath: hostSpec?.base ?? 'auto',
      // Entry files keep stable names (the federation runtime cannot hash them) and are served
      // with `no-cache`; every other chunk is content-hashed and cached for good.
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: federationName,
      // The embed widget of a remote and the host's boot script build beside it (see embedConfig and
      // bootConfig) and are not this build's to remove.
      clean: { keep: /^(embed\/|boot\.js)/ },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { ...(isHost ? esmRuntimeProvider() : {}), ...NATIVE_SYNC_EXTERNAL_STORE, ...portalShared.aliases },
    },
    module: { rules: [typescriptRule, cssRule(prod), assetRule] },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: isHost ? undefined : (spec.exposes ?? { './routes': './src/exposes/routes.tsx' }),
        shared: sharedModules(dir, portalShared, isHost),
        shareStrategy: 'loaded-first',
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        // A remote's release build (`--env types`: npm run build, CI, npm run compat) publishes the types of
        // what it exposes (`@mf-types.zip` beside its manifest); the host's type check reads them (npm run
        // remote-types). npm start's build leaves them out: compiling them took a third of a first start.
        dts:
          isHost || !prod || !options.types || options.outDir
            ? false
            : { generateTypes: REMOTE_TYPES, consumeTypes: false },
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      AXIOS_XHR_ONLY,
      // Lets `npm start` tell a development build (npm run dev) from a production one.
      // builtAt makes every build rewrite it (webpack skips unchanged files), so its time is the build's.
      new BuildInfoPlugin(() => ({ app, mode, builtAt: new Date().toISOString() })),
      new MiniCssExtractPlugin({
        filename: prod ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
      }),
      // Pre-compressed copies: the server sends .br or .gz by Accept-Encoding without compressing per request.
      ...compression(prod),
      ...(app === 'catalogue' ? [new PageChunksPlugin()] : []),
      ...(spec.staticDirs?.length
        ? [copy(spec.staticDirs.map(({ from, to }) => ({ from: path.join(appRoot, from), to })))]
        : []),
      ...(hostSpec
        ? [
            copy([{ from: path.join(appRoot, 'public', hostSpec.configFile), to: hostSpec.configFile }]),
            new HtmlWebpackPlugin({
              template: './public/index.html',
              favicon: './public/favicon.svg',
              scriptLoading: 'defer',
            }),
          ]
        : []),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The host's one lazy chunk is the API client: axios travels inside it, one request that the
      // server can preload with a page's first call, not a vendor chunk fetched after it.
      ...(app === 'host' ? { splitChunks: { cacheGroups: { defaultVendors: false as const } } } : {}),
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * The catalogue's embed loader (`dist/embed/tv-paketi.js`): one plain script, no React and no
 * federation runtime, for the operator's pages; plus the demo page that shows it under hostile CSS.
 */
function embedConfig(mode: 'production' | 'development'): Configuration {
  const appRoot = path.join(root, APPS.catalogue.dir);
  const prod = mode === 'production';
  return {
    name: 'catalogue-embed',
    mode,
    context: appRoot,
    entry: { 'tv-paketi': './src/widget/loader.ts' },
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: { path: path.join(appRoot, 'dist/embed'), publicPath: 'auto', filename: '[name].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: [typescriptRule] },
    plugins: [
      new EmbedReleasePlugin(),
      copy(
        [
          ['embed-demo.html', 'demo.html'],
          ['embed-demo.css', 'demo.css'],
          ['custom-elements.json', 'custom-elements.json'],
          ['tv-paketi.d.ts', 'tv-paketi.d.ts'],
          ['tv-paketi-react.d.ts', 'tv-paketi-react.d.ts'],
        ].map(([from, to]) => ({ from: path.join(appRoot, 'public', from!), to: to! })),
      ),
      ...compression(prod),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * The host's boot script (`dist/boot.js`, host/src/boot.ts): a prerendered page's first script, which
 * starts `main.js` once the page has painted. Its own build, after the host's: no federation runtime.
 */
function bootConfig(mode: 'production' | 'development'): Configuration {
  const appRoot = path.join(root, APPS.host.dir);
  const prod = mode === 'production';
  return {
    name: 'host-boot',
    dependencies: ['host'],
    mode,
    context: appRoot,
    entry: { boot: './src/boot.ts' },
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: { path: path.join(appRoot, 'dist'), filename: '[name].js', clean: false },
    resolve: { extensions: ['.ts'] },
    module: { rules: [typescriptRule] },
    plugins: [...compression(prod)],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * Where a remote's build names its lazily loaded chunks' files (`page-chunks.json`): a prerendered page
 * links its own chunk's stylesheet, so its first paint is styled, and preloads its script.
 */
class PageChunksPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const chunks: Record<string, { js: string[]; css: string[] }> = {};
          for (const [name, chunk] of compilation.namedChunks) {
            const files = [...chunk.files];
            chunks[name] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
          }
          compilation.emitAsset('page-chunks.json', new webpack.sources.RawSource(JSON.stringify(chunks, null, 2)));
        },
      );
    });
  }
}

/** Where the prerender builds go: a build's own tool, never served (node_modules is no app's source either). */
const PRERENDER_OUT = path.join(root, 'node_modules', '.cache', 'portal-prerender');

/**
 * Runs an app's prerender bundle once it is written (`run` gets the loaded module) and writes what it
 * returns into the app's `dist/` as `file`.
 */
class RunPrerenderPlugin {
  constructor(
    private readonly bundle: string,
    private readonly run: (module: any) => Promise<unknown>,
    private readonly file: string,
  ) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tapPromise('RunPrerenderPlugin', async () => {
      // The bundle is CommonJS; a watching build loads each new one afresh.
      const load = createRequire(__filename);
      delete load.cache[load.resolve(this.bundle)];
      const output = await this.run(load(this.bundle));
      fs.writeFileSync(this.file, JSON.stringify(output));
    });
  }
}

/** CSS modules' class names as the browser build makes them, without the CSS (a prerender only needs the names). */
const cssNamesRule = (prod: boolean) => ({
  test: /\.css$/,
  use: [{ loader: 'css-loader', options: { modules: { ...CSS_MODULES(prod), exportOnlyLocals: true } } }],
});

/**
 * An app's prerender (docs/decisions/031-prerendered-public-pages.md): a node build of `entry`, the
 * app's own components with @portal/shared compiled in (no federation), run after the app's browser
 * build, whose files its output names. Its class names and image addresses are the browser build's.
 */
function prerenderConfig(
  app: 'host' | 'catalogue',
  mode: 'production' | 'development',
  entry: string,
  run: (module: any, appRoot: string) => Promise<unknown>,
  file: string,
): Configuration {
  const appRoot = path.join(root, APPS[app].dir);
  const outDir = path.join(PRERENDER_OUT, app);
  const prod = mode === 'production';
  return {
    name: `${app}-prerender`,
    dependencies: [app],
    mode,
    context: appRoot,
    target: 'node',
    entry: { render: entry },
    devtool: false,
    output: {
      path: outDir,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: app === 'host' ? '/' : `/remotes/${app}/`,
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: NATIVE_SYNC_EXTERNAL_STORE },
    module: { rules: [typescriptRule, cssNamesRule(prod), { ...assetRule, generator: { emit: false } }] },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new RunPrerenderPlugin(
        path.join(outDir, 'render.js'),
        (module) => run(module, appRoot),
        path.join(appRoot, 'dist', file),
      ),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/** The catalogue's public pages (remotes/catalogue/src/prerender): `dist/pages.json`, with the prices of `content/prices.json`. */
const cataloguePrerender = (mode: 'production' | 'development') =>
  prerenderConfig(
    'catalogue',
    mode,
    './src/prerender/render.tsx',
    async (module, appRoot) => {
      const { JSDOM } = await import('jsdom');
      const read = (file: string) => fs.readFileSync(path.join(appRoot, file), 'utf8');
      const pages = (await module.prerender({
        plans: JSON.parse(read('content/prices.json')),
        readResource: (file: string) => read(`content/resources/${file}`),
        view: new JSDOM('').window,
      })) as Array<{ chunk: string | null }>;
      const chunks = JSON.parse(read('dist/page-chunks.json')) as Record<string, { js: string[]; css: string[] }>;
      const manifest = JSON.parse(read('dist/mf-manifest.json')) as {
        exposes: Array<{ path: string; assets: { css: { sync: string[] } } }>;
      };
      const routesCss = manifest.exposes.find((e) => e.path === './routes')?.assets.css.sync ?? [];
      return {
        // The browser build these pages belong to: the server stitches them only beside that build.
        build: crypto.createHash('sha256').update(read('dist/mf-manifest.json')).digest('hex'),
        pages: pages.map((page) => {
          const own = page.chunk ? chunks[page.chunk] : undefined;
          if (page.chunk && !own) throw new Error(`No chunk named ${page.chunk} in the catalogue's build`);
          return { ...page, css: [...routesCss, ...(own?.css ?? [])], js: own?.js ?? [] };
        }),
      };
    },
    'pages.json',
  );

/** The host's shell around each public page (host/src/prerender): `dist/shells.json`. */
const hostPrerender = (mode: 'production' | 'development') =>
  prerenderConfig('host', mode, './src/prerender/shells.tsx', (module) => module.renderShells(), 'shells.json');

/** Builds of one app other than its own: against another release of `@portal/shared`, into another folder. */
interface BuildOptions {
  sharedFrom?: string;
  outDir?: string;
  /** Publish the remotes' exposed types (`--env types`). */
  types?: boolean;
}

interface Env extends BuildOptions {
  app?: string;
  mode?: string;
}

export default function build(env: Env = {}): Configuration | Configuration[] {
  const mode = env.mode === 'development' ? 'development' : 'production';
  const requested = !env.app || env.app === 'all' ? Object.keys(APPS) : env.app.split(',');
  const unknown = requested.filter((app) => !(app in APPS));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown app "${unknown.join(', ')}". Use one or more of: ${Object.keys(APPS).join(', ')}, or all.`,
    );
  }
  const options: BuildOptions = { sharedFrom: env.sharedFrom, outDir: env.outDir, types: Boolean(env.types) };
  if ((options.sharedFrom || options.outDir) && (requested.length !== 1 || requested[0] === 'catalogue')) {
    throw new Error(
      'sharedFrom and outDir build one app other than the catalogue (its embed loader has its own folder).',
    );
  }
  // The builds other than an app's own (another shared release, another folder) prerender nothing.
  const plain = Boolean(options.sharedFrom || options.outDir);
  const configs = (requested as AppName[]).flatMap((app) =>
    app === 'catalogue'
      ? [configFor(app, mode, { types: options.types }), embedConfig(mode), cataloguePrerender(mode)]
      : app === 'host' && !plain
        ? [configFor(app, mode, options), bootConfig(mode), hostPrerender(mode)]
        : [configFor(app, mode, options)],
  );
  return configs.length === 1 ? configs[0]! : configs;
}
