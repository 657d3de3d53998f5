import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, queryClient, SCRIPT_LANG } from '@portal/shared';
import '@portal/shared/global.css';
import { remoteRoutesQuery } from './remotes/loader';
import { loadCyrillicPage } from './script/loadCyrillicPage';
import { prerenderedPage } from './prerender/page';
import type { Prepared } from './prepare';
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

/** Renders the shell once `prepare` has run (index.ts runs both), or the configuration's failure. */
export async function start(prepared: Prepared): Promise<void> {
  const container = document.getElementById('root')!;
  // Drawn anew: what the server sent (if anything) makes way.
  const fresh = () => {
    container.replaceChildren();
    return createRoot(container);
  };
  if (!prepared.ok) {
    console.error(prepared.error);
    fresh().render(<ConfigErrorPage error={prepared.error} />);
    return;
  }
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (await readyToHydrate()) {
    // A page the server sent in Cyrillic (decision 056) is hydrated as it is: React renders its Latin.
    if (document.documentElement.lang === SCRIPT_LANG.cyrillic) (await loadCyrillicPage()).adoptServedPage(container);
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
