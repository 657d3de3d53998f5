/**
 * The host's build (docs/decisions/042-each-app-owns-its-build.md): its page at `/`, then two builds of
 * its own after it, the boot script and the shells of the prerendered public pages.
 */
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { REMOTE_NAMES } from '@portal/shared/contract';
import { appConfig } from '../buildtools/app';
import { devtool, minimizer, quiet, typescriptRule, type AppBuild, type Mode } from '../buildtools/common';
import { prerenderConfig } from '../buildtools/prerender';
import { assetsStep } from '../buildtools/plugins';

const build: AppBuild = (env) => {
  const page = appConfig('host', env, {
    page: { base: '/', configFile: 'portal.config.json' },
    // The boot script builds beside the page (bootConfig) and is not the page's build to remove.
    keep: /^boot\.js/,
    // The host's one lazy chunk is the API client: axios travels inside it, one request that the
    // server can preload with a page's first call, not a vendor chunk fetched after it.
    optimization: { splitChunks: { cacheGroups: { defaultVendors: false } } },
    plugins: [remotesConfig()],
  });
  // A build against another release of @portal/shared, or into another folder, is the page alone.
  if (env.options.sharedFrom || env.options.outDir) return [page];
  return [page, bootConfig(env.mode), shellsPrerender(env.mode)];
};
export default build;

/**
 * The built `portal.config.json` names every remote of the apps' list (shared/src/contract/apps.ts), so
 * a new remote needs no line in `public/portal.config.json`: each at the address the server serves it
 * from, `/remotes/<name>/mf-manifest.json`, unless that file's `remotes` names another (an operator's
 * redeployed or moved remote), which wins.
 */
const remotesConfig = () =>
  // After the page's files are copied in (at PROCESS_ASSETS_STAGE_ADDITIONAL, before this stage).
  assetsStep('RemotesConfigPlugin', webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS, (compilation) => {
    const file = 'portal.config.json';
    const asset = compilation.getAsset(file);
    if (!asset) return;
    const config = JSON.parse(asset.source.source().toString()) as { remotes?: Record<string, unknown> };
    const remotes = {
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])),
      ...config.remotes,
    };
    const json = `${JSON.stringify({ ...config, remotes }, null, 2)}\n`;
    compilation.updateAsset(file, new webpack.sources.RawSource(json));
  });

/**
 * The boot script (`dist/boot.js`, src/boot.ts): a prerendered page's first script, which starts
 * `main.js` once the page has painted. Its own build, after the page's: no federation runtime.
 */
function bootConfig(mode: Mode): Configuration {
  return {
    name: 'host-boot',
    dependencies: ['host'],
    mode,
    context: __dirname,
    entry: { boot: './src/boot.ts' },
    devtool: devtool(mode),
    target: 'web',
    output: { path: path.join(__dirname, 'dist'), filename: '[name].js', clean: false },
    resolve: { extensions: ['.ts'] },
    module: { rules: [typescriptRule] },
    optimization: { minimizer: minimizer() },
    ...quiet(),
  };
}

/** The shell around each public page (src/prerender/shells.tsx): `dist/shells.json`. */
const shellsPrerender = (mode: Mode) =>
  prerenderConfig('host', mode, {
    entry: './src/prerender/shells.tsx',
    publicPath: '/',
    run: (module) => module.renderShells(),
    file: 'shells.json',
  });
