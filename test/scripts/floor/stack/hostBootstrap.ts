import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The host offers zustand to the remote (the portal's host offers its stores' library the same way),
 * then loads the remote's page through the federation runtime and renders it.
 */
export async function start(): Promise<void> {
  await import('zustand');
  // Resolved by the federation runtime at run time (the host's `remotes`), not by TypeScript.
  const { Page } = (await import(
    // @ts-expect-error: a federated module has no file here
    'floorRemote/page'
  )) as typeof import('./remotePage');
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(createElement(Page));
}
