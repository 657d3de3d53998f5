/**
 * Module Federation for every app (docs/decisions/042-each-app-owns-its-build.md): what the apps
 * share, the host's runtime handed to the remotes, and the remotes' published types.
 */
import path from 'node:path';
import fs from 'node:fs';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ROOT, readJson, type BuildOptions, type Mode } from './common';

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

export function sharedPackage(from?: string): SharedPackage {
  const dir = from ? path.resolve(ROOT, from) : path.join(ROOT, 'shared');
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

/** React's entry points the apps import, each with its package: shared as singletons (sharedModules). */
const REACT_ENTRIES = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
] as const;
const REACT_VERSION = {
  react: readJson(path.join(ROOT, 'node_modules/react/package.json')).version,
  'react-dom': readJson(path.join(ROOT, 'node_modules/react-dom/package.json')).version,
};

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
  const deps = readJson(path.join(ROOT, appDir, 'package.json')).dependencies ?? {};
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
 * The host hands its federation runtime to the remotes (`provideExternalRuntime`), so each remote's
 * entry stays small instead of carrying a second runtime. The plugin doing it is added by its CommonJS
 * path; pointing that at its ES module build keeps the page at one copy of the runtime, not two.
 */
export function esmRuntimeProvider(): Record<string, string> {
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    [cjs]: cjs.replace(/index\.cjs$/, 'index.js'),
    // @module-federation/retry-plugin pins an older sdk for its logger; the runtime's own serves it.
    '@module-federation/sdk': path.join(ROOT, 'node_modules/@module-federation/sdk'),
  };
}

/** Module Federation `dts`: the exposed modules' declarations only, compiled with the repository's tsconfig, failing the build on a type error. */
const REMOTE_TYPES = {
  tsConfigPath: path.join(ROOT, 'tsconfig.json'),
  abortOnError: true,
  generateAPITypes: false,
  extractThirdParty: false,
};

/** An app's federation: a host (its singletons eager, no container of its own) or a remote exposing `exposes`. */
interface Federation {
  name: string;
  /** The app's folder, whose package.json gives the shared modules' ranges. */
  dir: string;
  isHost: boolean;
  /** Modules a remote offers other apps (one `src/exposes/` folder per remote). */
  exposes?: Record<string, string>;
}

export function federationPlugin(
  { name, dir, isHost, exposes }: Federation,
  mode: Mode,
  options: BuildOptions,
  portalShared: SharedPackage,
): ModuleFederationPlugin {
  return new ModuleFederationPlugin({
    name,
    filename: isHost ? undefined : 'remoteEntry.js',
    exposes: isHost ? undefined : exposes,
    shared: sharedModules(dir, portalShared, isHost),
    shareStrategy: 'loaded-first',
    manifest: isHost ? false : { fileName: 'mf-manifest.json' },
    // A remote's release build (`--env types`: npm run build, CI, npm run compat) publishes the types of
    // what it exposes (`@mf-types.zip` beside its manifest); the host's type check reads them (npm run
    // remote-types). npm start's build leaves them out: compiling them took a third of a first start.
    dts:
      isHost || mode !== 'production' || !options.types || options.outDir
        ? false
        : { generateTypes: REMOTE_TYPES, consumeTypes: false },
    experiments: isHost
      ? { provideExternalRuntime: true, optimization: { target: 'web' } }
      : { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
  });
}
