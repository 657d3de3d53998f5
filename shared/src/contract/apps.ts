/**
 * Every app of the portal, the one list (docs/decisions/042-each-app-owns-its-build.md): its folder,
 * which is an npm workspace, and its kind. `host` serves a page, `remote` loads into a host at run time;
 * `portal` says whose: the customer portal's, or the support console's (docs/decisions/032-support-console.md),
 * which its own host serves at `/podrska/` and the customer portal's configuration refuses.
 *
 * The rest is derived from it: the remotes below and the portal configuration's `remotes`
 * (portalConfig.ts, and the built portal.config.json: host/build.ts), the build's apps
 * (webpack.config.ts), the linter's boundaries (eslint.config.mjs), what `npm start` builds
 * (api/src/cli/freshness.ts), the texts check's folders and the pages closed to search engines
 * (api/src/http/pages.ts). test/contract/boundaries.test.ts holds npm's workspaces to it; docs/apps.md
 * lists what a new remote still takes. No imports: the linter's configuration reads this file alone.
 */
export const APPS = {
  host: { dir: 'host', kind: 'host', portal: 'customer' },
  catalogue: { dir: 'remotes/catalogue', kind: 'remote', portal: 'customer' },
  account: { dir: 'remotes/account', kind: 'remote', portal: 'customer' },
  onboarding: { dir: 'remotes/onboarding', kind: 'remote', portal: 'customer' },
  support: { dir: 'remotes/support', kind: 'remote', portal: 'console' },
  supportHost: { dir: 'support-host', kind: 'host', portal: 'console' },
} as const satisfies Record<string, AppInfo>;

interface AppInfo {
  /** The app's folder in the repository (its npm workspace). */
  readonly dir: string;
  readonly kind: 'host' | 'remote';
  readonly portal: 'customer' | 'console';
}
export type AppName = keyof typeof APPS;

/** The apps' names, in the list's order. */
export const APP_NAMES = /* @__PURE__ */ Object.keys(APPS) as AppName[];

/** The customer portal's remotes: each served under `/remotes/<name>/` and named in portal.config.json. */
export type RemoteName = {
  [K in AppName]: (typeof APPS)[K] extends { kind: 'remote'; portal: 'customer' } ? K : never;
}[AppName];
export const REMOTE_NAMES: readonly RemoteName[] = /* @__PURE__ */ APP_NAMES.filter(
  (name): name is RemoteName => APPS[name].kind === 'remote' && APPS[name].portal === 'customer',
);
