import { BrowserRouter, useRoutes, type RouteObject } from '@portal/shared';
import { Layout } from './layout/Layout';
import { RemoteOutlet } from './remotes/RemoteOutlet';

/** Every path goes through the layout; the remote that owns the prefix renders the page. */
const PORTAL_ROUTES: RouteObject[] = [{ element: <Layout />, children: [{ path: '*', element: <RemoteOutlet /> }] }];

export function PortalRoutes() {
  return useRoutes(PORTAL_ROUTES);
}

export function App() {
  return (
    <BrowserRouter>
      <PortalRoutes />
    </BrowserRouter>
  );
}
