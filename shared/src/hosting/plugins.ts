import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { remoteOriginCheck } from '@portal/shared';

/**
 * Keeps the portal's code to the origins it trusts: the page's own and `remoteOrigins` in
 * portal.config.json. Every manifest the federation runtime fetches, every remote entry it loads and
 * every script or style it preloads is checked first; one elsewhere (a manifest whose `publicPath`
 * names another host, say) is refused before any request leaves the page. The browser's
 * Content-Security-Policy, from the same list, stands behind it.
 */
export function originGuard(allowedOrigins: readonly string[]): ModuleFederationRuntimePlugin {
  const refused = remoteOriginCheck(allowedOrigins, window.location.origin);
  const check = (url: string, what: string) => {
    const origin = refused(url);
    if (origin)
      throw new Error(`${what} ${url} is refused: ${origin} is not the portal's origin nor listed in remoteOrigins`);
  };
  return {
    name: 'portal-origin-guard',
    fetch(url) {
      check(String(url), 'The manifest');
      return undefined;
    },
    loadEntry({ remoteInfo }) {
      check(remoteInfo.entry, 'The remote entry');
      return undefined;
    },
    createScript({ url }) {
      check(url, 'The script');
      return undefined;
    },
    createLink({ url }) {
      check(url, 'The style or preload');
      return undefined;
    },
  };
}

/**
 * A manifest or remote entry that fails to load (a dropped connection, a deploy in progress) is tried
 * twice more before the page shows 'Pokušaj ponovo': @module-federation/retry-plugin, one second apart
 * for manifests and half a second for scripts.
 */
export const loadRetry = (): ModuleFederationRuntimePlugin =>
  RetryPlugin({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 500 } });
