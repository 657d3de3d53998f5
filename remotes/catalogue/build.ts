/**
 * The catalogue's build (docs/decisions/042-each-app-owns-its-build.md): the remote, then the package
 * widget for the operator's own pages and the prerendered public pages, each a build of its own.
 */
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import webpack, { type Configuration } from 'webpack';
import { appConfig } from '../../buildtools/app';
import { devtool, minimizer, quiet, typescriptRule, type AppBuild, type Mode } from '../../buildtools/common';
import { copy } from '../../buildtools/plugins';
import { pageChunks, prerenderConfig } from '../../buildtools/prerender';
import { assetsStep } from '../../buildtools/plugins';

const build: AppBuild = ({ mode, options }) => {
  if (options.sharedFrom || options.outDir) {
    throw new Error(
      'sharedFrom and outDir build one app other than the catalogue (its embed loader has its own folder).',
    );
  }
  const remote = appConfig(
    'catalogue',
    { mode, options: { types: options.types } },
    {
      exposes: {
        './routes': './src/exposes/routes.tsx',
        './widget': './src/exposes/widget.ts',
        './subscription': './src/exposes/subscription.ts',
      },
      staticDirs: [
        { from: 'content/images', to: 'images' },
        { from: 'content/resources', to: 'resources' },
      ],
      // The prerendered pages name their chunks' files (pagesPrerender).
      plugins: [pageChunks()],
      // The widget builds beside the remote (widgetConfig) and is not the remote's build to remove.
      keep: /^embed\//,
    },
  );
  return [remote, widgetConfig(mode), pagesPrerender(mode)];
};
export default build;

/**
 * The widget's release files (README, "The package widget"): beside the unversioned `tv-paketi.js`,
 * `v1/tv-paketi.js` (follows every compatible release) and `tv-paketi.<hash>.js` (this release, never
 * changed, to pin with Subresource Integrity). `integrity.json` names the pinned file and its
 * `sha384-…` value, which the build also prints.
 */
const embedRelease = () =>
  assetsStep('EmbedReleasePlugin', webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE, (compilation) => {
    const asset = compilation.getAsset('tv-paketi.js');
    if (!asset) return;
    const source = asset.source.buffer();
    const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 10);
    const integrity = `sha384-${crypto.createHash('sha384').update(source).digest('base64')}`;
    const pinned = `tv-paketi.${hash}.js`;
    // Marked minimized: the minimizer also runs over assets added after its stage, and a second pass of
    // swc's would change the bytes the integrity value names.
    compilation.emitAsset('v1/tv-paketi.js', new webpack.sources.RawSource(source), { minimized: true });
    compilation.emitAsset(pinned, new webpack.sources.RawSource(source), { immutable: true, minimized: true });
    compilation.emitAsset(
      'integrity.json',
      new webpack.sources.RawSource(`${JSON.stringify({ file: pinned, integrity }, null, 2)}\n`),
    );
    compilation.hooks.afterProcessAssets.tap('EmbedReleasePlugin', () =>
      console.info(`  <tv-paketi> pinned release: embed/${pinned} integrity="${integrity}"`),
    );
  });

/**
 * The widget's loader (`dist/embed/tv-paketi.js`): one plain script, no React and no federation
 * runtime, for the operator's pages; plus the demo page that shows it under hostile CSS.
 */
function widgetConfig(mode: Mode): Configuration {
  return {
    name: 'catalogue-embed',
    mode,
    context: __dirname,
    entry: { 'tv-paketi': './src/widget/loader.ts' },
    devtool: devtool(mode),
    target: 'web',
    output: { path: path.join(__dirname, 'dist/embed'), publicPath: 'auto', filename: '[name].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: [typescriptRule] },
    plugins: [
      embedRelease(),
      copy(
        [
          ['embed-demo.html', 'demo.html'],
          ['embed-demo.css', 'demo.css'],
          ['custom-elements.json', 'custom-elements.json'],
          ['tv-paketi.d.ts', 'tv-paketi.d.ts'],
          ['tv-paketi-react.d.ts', 'tv-paketi-react.d.ts'],
        ].map(([from, to]) => ({ from: path.join(__dirname, 'public', from!), to: to! })),
      ),
    ],
    optimization: { minimizer: minimizer() },
    ...quiet(),
  };
}

/** The public pages (src/prerender/render.tsx): `dist/pages.json`, with the prices of `content/prices.json`. */
const pagesPrerender = (mode: Mode) =>
  prerenderConfig('catalogue', mode, {
    entry: './src/prerender/render.tsx',
    publicPath: '/remotes/catalogue/',
    run: renderPages,
    file: 'pages.json',
  });

/**
 * Renders the pages with the prerender bundle's `prerender`, and names beside each the browser build's
 * stylesheets and scripts it needs first (`page-chunks.json`, the manifest's `./routes`).
 */
async function renderPages(module: any, appRoot: string) {
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
}
