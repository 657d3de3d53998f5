import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from '../router';
import { TestProviders } from './providers';

/**
 * Renders an app's real routes (plus stand-ins for pages of other apps) in a memory router at
 * `path`, inside act so lazily loaded pages and first effects have settled. Returns the router.
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
  const [pathname = '/', search = ''] = path.split('?');
  const router = createMemoryRouter([...routes, ...others], {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state: options.state }],
  });
  await act(async () => {
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  });
  return router;
}
