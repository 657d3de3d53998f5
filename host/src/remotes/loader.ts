import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { queryClient, queryOptions, type PortalConfig, type RemoteName } from '@portal/shared';
import type { ExposedRoutes } from './exposed';
import { loadRetry, originGuard } from '@portal/shared/hosting';

let manifests: PortalConfig['remotes'] | null = null;

/**
 * Registers the remotes' manifest URLs from the run-time configuration, with the origin guard (only the
 * page's origin and `remoteOrigins`) and the load retries. Fetches nothing yet.
 */
export function registerPortalRemotes(
  remotes: PortalConfig['remotes'],
  remoteOrigins: PortalConfig['remoteOrigins'] = [],
): void {
  if (!manifests) registerPlugins([originGuard(remoteOrigins), loadRetry()]);
  manifests = remotes;
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/**
 * The remotes this page refused for needing another major release of `@portal/shared`, with the
 * refusal. The federation runtime refuses such a remote once only: asked again, it hands over its
 * module, which would then run on this page's release. Only a reload can change that release.
 */
const skewed = new Map<RemoteName, unknown>();

/**
 * A remote's routes, loaded once per page through the query client: concurrent pages share one
 * download, and a failed one is tried again by the next page that needs it (or its retry button).
 */
export const remoteRoutesQuery = <N extends RemoteName>(name: N) =>
  queryOptions({
    queryKey: ['remote', name],
    queryFn: async (): Promise<ExposedRoutes[N]> => {
      const refused = skewed.get(name);
      if (refused) throw refused;
      let module: ExposedRoutes[N] | null;
      try {
        module = await loadRemote<ExposedRoutes[N]>(`${name}/routes`);
      } catch (error) {
        if (isVersionSkew(error)) skewed.set(name, error);
        throw error;
      }
      if (!module || !Array.isArray(module.routes)) throw new Error(`Remote "${name}" exposes no routes`);
      return module;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * Whether loading a remote failed because it needs another major release of a strictly versioned
 * singleton (`@portal/shared`) than the page runs. The federation runtime says so only in its message.
 */
export function isVersionSkew(error: unknown): boolean {
  return error instanceof Error && /shared singleton module \S+ does not satisfy the requirement/.test(error.message);
}

/** Forgets a failed or broken remote: its manifest and code are fetched afresh, by the page showing it at once. */
export function resetRemote(name: RemoteName): void {
  if (manifests) registerRemotes([{ name, entry: manifests[name] }], { force: true });
  void queryClient.resetQueries({ queryKey: remoteRoutesQuery(name).queryKey, exact: true });
}

/** Forgets every loaded remote (tests start each from a fresh page). */
export function clearRemoteCache(): void {
  skewed.clear();
  queryClient.removeQueries({ queryKey: ['remote'] });
}

/** A module a remote exposes besides its routes (`catalogue/subscription`), for other remotes. */
export async function loadExposedModule(id: string): Promise<unknown> {
  const module = await loadRemote(id);
  if (!module) throw new Error(`${id} is not available`);
  return module;
}
