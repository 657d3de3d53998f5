import { StrictMode, startTransition } from 'react';
import { preload } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  authStore,
  configurePortal,
  preloadApiClient,
  remoteFor,
  setRemoteModuleLoader,
  watchOtherTabs,
} from '@portal/shared';
import '@portal/shared/global.css';
import { loadConfig } from './config/loadConfig';
import { loadExposedModule, registerPortalRemotes } from './remotes/loader';
import { App } from './App';
import { ConfigErrorPage } from './ConfigErrorPage';

/** Reads the configuration, registers the remotes and renders the shell (index.ts runs it). */
export async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
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
    root.render(<ConfigErrorPage error={error} />);
    return;
  }
  authStore.getState().bootstrap();
  // A signed-in visitor's pages call the API at once: fetch its client beside the remote, not after it.
  if (authStore.getState().authorized) preloadApiClient();
  watchOtherTabs();
  // A transition: React renders the shell in slices, yielding to the browser between them.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
