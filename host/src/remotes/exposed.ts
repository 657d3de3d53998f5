import type { RemoteName, RemoteRoutesModule } from '@portal/shared';

/**
 * The types of what each remote exposes, taken from the remotes' own sources (type-only imports:
 * nothing of a remote is bundled into the host). A remote whose `./routes` stops matching
 * `RemoteRoutesModule` fails the host's type check.
 */
export interface ExposedRoutes {
  catalogue: typeof import('@portal/catalogue/routes');
  account: typeof import('@portal/account/routes');
  onboarding: typeof import('@portal/onboarding/routes');
}

type Check<T extends Record<RemoteName, RemoteRoutesModule>> = T;
export type CheckedExposedRoutes = Check<ExposedRoutes>;
