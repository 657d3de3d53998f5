import type { RemoteName, RemoteRoutesModule } from '@portal/shared';

/**
 * The types of what each remote exposes, as the remotes publish them (Module Federation `dts`, unpacked
 * into host/@mf-types by `npm run remote-types`): type-only, nothing of a remote is bundled into the
 * host. A remote whose `./routes` stops matching `RemoteRoutesModule` fails the host's type check.
 */
export interface ExposedRoutes {
  catalogue: typeof import('catalogue/routes');
  account: typeof import('account/routes');
  onboarding: typeof import('onboarding/routes');
}

type Check<T extends Record<RemoteName, RemoteRoutesModule>> = T;
export type CheckedExposedRoutes = Check<ExposedRoutes>;
