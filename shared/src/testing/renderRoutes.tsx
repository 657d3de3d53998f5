import { act, render } from '@testing-library/react';
import { Router, Routes, memoryHistory, type RouteObject } from '../router';
import { TestProviders } from './providers';

/**
 * Renders an app's real routes (plus stand-ins for pages of other apps) in a memory history at
 * `path`, inside act so lazily loaded pages and first effects have settled. Returns the history:
 * `history.location` is where the page went.
 */
export async function renderRoutes(
  routes: RouteObject[],
  path: string,
  options: { others?: Record<string, string>; state?: unknown } = {},
) {
  const others = Object.entries(options.others ?? {}).map(([otherPath, title]) => ({
    path: otherPath,
    element: <h1>{title}</h1>,
  }));
  const history = memoryHistory(path, options.state);
  await act(async () => {
    render(
      <TestProviders>
        <Router history={history}>
          <Routes routes={[...routes, ...others]} />
        </Router>
      </TestProviders>,
    );
  });
  return history;
}
