/**
 * The portal's apps and their builds: `webpack --env app=<name>[,<name>…]`, or `--env app=all`
 * (docs/decisions/042-each-app-owns-its-build.md). The apps are the contract's list
 * (shared/src/contract/apps.ts); each app's build is its own `build.ts`, beside its code, made of the
 * common parts in `buildtools/`.
 */
import type { Configuration } from 'webpack';
import { APP_NAMES, type AppName } from '@portal/shared/contract';
import type { AppBuild, BuildOptions } from './buildtools/common';
import host from './host/build';
import catalogue from './remotes/catalogue/build';
import account from './remotes/account/build';
import onboarding from './remotes/onboarding/build';
import support from './remotes/support/build';
import supportHost from './support-host/build';

/** Every app's build: the compiler holds this to the list, one build per app. */
export const BUILDS: Record<AppName, AppBuild> = { host, catalogue, account, onboarding, support, supportHost };

interface Env extends BuildOptions {
  app?: string;
  mode?: string;
}

export default function build(env: Env = {}): Configuration | Configuration[] {
  const mode = env.mode === 'development' ? 'development' : 'production';
  const requested = !env.app || env.app === 'all' ? APP_NAMES : env.app.split(',');
  const unknown = requested.filter((app) => !Object.hasOwn(BUILDS, app));
  if (unknown.length > 0) {
    throw new Error(`Unknown app "${unknown.join(', ')}". Use one or more of: ${APP_NAMES.join(', ')}, or all.`);
  }
  const options: BuildOptions = { sharedFrom: env.sharedFrom, outDir: env.outDir, types: Boolean(env.types) };
  if ((options.sharedFrom || options.outDir) && requested.length !== 1) {
    throw new Error(
      'sharedFrom and outDir build one app other than the catalogue (its embed loader has its own folder).',
    );
  }
  const configs = (requested as AppName[]).flatMap((app) => BUILDS[app]({ mode, options }));
  return configs.length === 1 ? configs[0]! : configs;
}
