import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { once, type PortalConfig, type RemoteName } from '@portal/shared';
import type { ExposedRoutes } from './exposed';
import { loadRetry, originGuard } from './plugins';

let manifests: PortalConfig['remotes'] | null = null;
const loaded = new Map<RemoteName, ExposedRoutes[RemoteName]>();

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

export function loadedRemote<N extends RemoteName>(name: N): ExposedRoutes[N] | undefined {
  return loaded.get(name) as ExposedRoutes[N] | undefined;
}

const pending = once((name: RemoteName) =>
  loadRemote<ExposedRoutes[RemoteName]>(`${name}/routes`).then((module) => {
    if (!module || !Array.isArray(module.routes)) throw new Error(`Remote "${name}" exposes no routes`);
    loaded.set(name, module);
    return module;
  }),
);

/** Loads a remote's routes once; concurrent callers share one download, and a failed one is tried again. */
export function loadRemoteRoutes<N extends RemoteName>(name: N): Promise<ExposedRoutes[N]> {
  return pending(name) as Promise<ExposedRoutes[N]>;
}

/**
 * Whether loading a remote failed because it needs another major release of a strictly versioned
 * singleton (`@portal/shared`) than the page runs. The federation runtime says so only in its message.
 */
export function isVersionSkew(error: unknown): boolean {
  return error instanceof Error && /shared singleton module \S+ does not satisfy the requirement/.test(error.message);
}

/** Forgets a failed or broken remote so the next load fetches its manifest and code afresh. */
export function resetRemote(name: RemoteName): void {
  pending.forget(name);
  loaded.delete(name);
  if (manifests) registerRemotes([{ name, entry: manifests[name] }], { force: true });
}

/** Forgets every loaded remote (tests start each from a fresh page). */
export function clearRemoteCache(): void {
  pending.clear();
  loaded.clear();
}

/** A module a remote exposes besides its routes (`catalogue/subscription`), for other remotes. */
export async function loadExposedModule(id: string): Promise<unknown> {
  const module = await loadRemote(id);
  if (!module) throw new Error(`${id} is not available`);
  return module;
}
