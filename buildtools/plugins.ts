/**
 * Plugins more than one app's build uses (docs/decisions/042-each-app-owns-its-build.md); an app's own
 * live beside it (the catalogue's widget release in remotes/catalogue/build.ts).
 */
import path from 'node:path';
import webpack from 'webpack';
import CopyPlugin from 'copy-webpack-plugin';
import { ROOT } from './common';

/**
 * A plugin that runs `step` over a compilation's files at `stage` of webpack's `processAssets` (the
 * one hook each of our plugins taps): `name` is how webpack's hooks and errors name it.
 */
export function assetsStep(
  name: string,
  stage: number,
  step: (compilation: webpack.Compilation) => void,
): webpack.WebpackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tap({ name, stage }, () => step(compilation));
      });
    },
  };
}

/**
 * `build.json`, made at each build: which app and mode, and when (npm start tells a development build
 * from a production one by it). Files copied as they are go through copy-webpack-plugin.
 */
export const buildInfo = (info: () => object) =>
  assetsStep('BuildInfoPlugin', webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL, (compilation) => {
    compilation.emitAsset('build.json', new webpack.sources.RawSource(JSON.stringify(info())));
  });

/** Files and folders copied into the output as they are: content an editor changes, not code. */
export const copy = (patterns: Array<{ from: string; to: string }>) => new CopyPlugin({ patterns });

/**
 * axios's fetch adapter is left out of the browser bundles: the page's axios instances send through
 * XMLHttpRequest (`adapter: 'xhr'` in shared/src/api/httpClient.ts), and the fetch adapter, which no page
 * runs, was 2.7 KB gzip of the API client's chunk (decision 030). axios stays the one HTTP client.
 */
export const AXIOS_XHR_ONLY = new webpack.NormalModuleReplacementPlugin(
  /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
  path.join(ROOT, 'shared/src/api/axiosFetchAdapter.ts'),
);
