/**
 * An app's prerender (docs/decisions/031-prerendered-public-pages.md): a node build of the app's own
 * components, run after its browser build; the host's (shells) and the catalogue's (pages) call it
 * from their build.ts.
 */
import path from 'node:path';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import webpack, { type Configuration } from 'webpack';
import { APPS, type AppName } from '@portal/shared/contract';
import { CSS_MODULES, NATIVE_SYNC_EXTERNAL_STORE, ROOT, assetRule, quiet, typescriptRule, type Mode } from './common';
import { assetsStep } from './plugins';

/**
 * Where a remote's build names its lazily loaded chunks' files (`page-chunks.json`): a prerendered page
 * links its own chunk's stylesheet, so its first paint is styled, and preloads its script.
 */
export const pageChunks = () =>
  assetsStep('PageChunksPlugin', webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE, (compilation) => {
    const chunks: Record<string, { js: string[]; css: string[] }> = {};
    for (const [name, chunk] of compilation.namedChunks) {
      const files = [...chunk.files];
      chunks[name] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
    }
    compilation.emitAsset('page-chunks.json', new webpack.sources.RawSource(JSON.stringify(chunks, null, 2)));
  });

/** Where the prerender builds go: a build's own tool, never served (node_modules is no app's source either). */
const PRERENDER_OUT = path.join(ROOT, 'node_modules', '.cache', 'portal-prerender');

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

/** What an app prerenders: `entry`'s module, given to `run`, whose answer goes to `dist/<file>`. */
interface Prerender {
  entry: string;
  /** Where the browser build's files are served from: the prerender's image addresses are theirs. */
  publicPath: string;
  run: (module: any, appRoot: string) => Promise<unknown>;
  file: string;
}

/**
 * An app's prerender: a node build of `entry`, the app's own components with @portal/shared compiled in
 * (no federation), run after the app's browser build, whose files its output names. Its class names and
 * image addresses are the browser build's.
 */
export function prerenderConfig(app: AppName, mode: Mode, { entry, publicPath, run, file }: Prerender): Configuration {
  const appRoot = path.join(ROOT, APPS[app].dir);
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
      publicPath,
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
    ...quiet(),
  };
}
