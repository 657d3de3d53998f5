import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Layout } from '../layout/Layout';
import { RemoteOutlet } from '../remotes/RemoteOutlet';

/** The host's real route tree in a memory router, starting at `path`. */
export function renderPortal(path: string) {
  const routes: RouteObject[] = [{ element: <Layout />, children: [{ path: '*', element: <RemoteOutlet /> }] }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
