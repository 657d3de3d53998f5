import {
  authStore,
  configurePortal,
  preloadApiClient,
  prefetchFirstReads,
  queryClient,
  remoteFor,
  scriptStore,
  setRemoteModuleLoader,
  type RemoteName,
  watchOtherTabs,
} from '@portal/shared';
import { loadConfig } from './config/loadConfig';
import { loadExposedModule, registerPortalRemotes, remoteRoutesQuery } from './remotes/loader';
import { loadCyrillicPage } from './script/loadCyrillicPage';

/** What `prepare` leaves the render: the configuration's failure, which the shell then shows. */
export type Prepared = { ok: true } | { ok: false; error: unknown };

/**
 * What the page starts before React DOM runs (index.ts), so that it travels while React DOM and the
 * shell run: the configuration, the remotes, the session and, for a signed-in visitor, the API client
 * and the page's first reads (docs/decisions/046), and the remote the page needs.
 */
export async function prepare(): Promise<Prepared> {
  let first: RemoteName | null;
  try {
    const config = await loadConfig();
    configurePortal(config);
    registerPortalRemotes(config.remotes, config.remoteOrigins);
    first = remoteFor(window.location.pathname);
    setRemoteModuleLoader(loadExposedModule);
  } catch (error) {
    return { ok: false, error };
  }
  authStore.getState().bootstrap();
  // The script this device chose (under the product's storage prefix, set above); the layout shows it,
  // in Cyrillic with code that starts loading now.
  scriptStore.getState().restore();
  if (scriptStore.getState().script === 'cyrillic') void loadCyrillicPage();
  // A signed-in visitor's pages call the API at once: its client, and the page's first reads (the account
  // page's), now, not once the remote and the page's code have arrived and rendered.
  if (authStore.getState().authorized) {
    preloadApiClient();
    prefetchFirstReads(window.location.pathname);
  }
  // The remote this page needs loads now, not once React has rendered its slot (the server's Link header
  // preloads its files when it serves it). A failure is the route's to show: it asks again. The remote
  // may start what its page needs as its routes run (the account page its code).
  if (first) void queryClient.prefetchQuery(remoteRoutesQuery(first));
  watchOtherTabs();
  return { ok: true };
}
