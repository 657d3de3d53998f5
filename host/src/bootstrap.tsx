import { StrictMode, startTransition } from 'react';
import { preload } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  authStore,
  configurePortal,
  hydrate,
  queryClient,
  preloadApiClient,
  remoteFor,
  setRemoteModuleLoader,
  watchOtherTabs,
} from '@portal/shared';
import '@portal/shared/global.css';
import { loadConfig } from './config/loadConfig';
import { loadExposedModule, registerPortalRemotes, remoteRoutesQuery } from './remotes/loader';
import { prerenderedPage } from './prerender/page';
import { App } from './App';
import { ConfigErrorPage } from './ConfigErrorPage';

/**
 * A page the server sent drawn (docs/decisions/031-prerendered-public-pages.md) is hydrated: the answers
 * it was drawn with and its remote's routes are in place first, so React's first render is the page
 * as it stands (the host's 404 page needs neither). Anything else, or a remote that does not arrive, is
 * drawn anew.
 */
async function readyToHydrate(): Promise<boolean> {
  const page = prerenderedPage();
  if (!page) return false;
  // The host's own 404 page: everything it draws is in this script already.
  if (page.remote === null) return true;
  hydrate(queryClient, page.state);
  try {
    await queryClient.fetchQuery(remoteRoutesQuery(page.remote));
    return true;
  } catch {
    return false;
  }
}

/** Reads the configuration, registers the remotes and renders the shell (index.ts runs it). */
export async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  // Drawn anew: what the server sent (if anything) makes way.
  const fresh = () => {
    container.replaceChildren();
    return createRoot(container);
  };
  try {
    const config = await loadConfig();
    configurePortal({
      apiBaseUrl: config.apiBaseUrl,
      product: config.product,
      payments: config.payments,
      operator: config.operator,
      sandbox: config.sandbox,
    });
    registerPortalRemotes(config.remotes, config.remoteOrigins);
    // The remote this page needs first: its manifest is fetched while React renders the shell, not after
    // (the server's Link header does the same for remotes it serves; this covers remotes on other origins).
    const first = remoteFor(window.location.pathname);
    if (first) preload(config.remotes[first], { as: 'fetch', crossOrigin: 'anonymous' });
    setRemoteModuleLoader(loadExposedModule);
  } catch (error) {
    console.error(error);
    fresh().render(<ConfigErrorPage error={error} />);
    return;
  }
  authStore.getState().bootstrap();
  // A signed-in visitor's pages call the API at once: fetch its client beside the remote, not after it.
  if (authStore.getState().authorized) preloadApiClient();
  watchOtherTabs();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (await readyToHydrate()) {
    // A transition too: React hydrates the page in slices of a few milliseconds, yielding between them
    // (the channel list's 150 cards were one task of its own), instead of all of it in one task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = fresh();
  // A transition: React renders the shell in slices, yielding to the browser between them.
  startTransition(() => root.render(app));
}
