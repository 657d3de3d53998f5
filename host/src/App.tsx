import { BrowserRouter, QueryClientProvider, queryClient, useRoutes, type RouteObject } from '@portal/shared';
import { Layout } from './layout/Layout';
import { RemoteOutlet } from './remotes/RemoteOutlet';

/** Every path goes through the layout; the remote that owns the prefix renders the page. */
const PORTAL_ROUTES: RouteObject[] = [{ element: <Layout />, children: [{ path: '*', element: <RemoteOutlet /> }] }];

export function PortalRoutes() {
  return useRoutes(PORTAL_ROUTES);
}

export function App() {
  return (
    // Navigations are not transitions: a click into a page whose code is still loading shows its
    // spinner at once instead of leaving the old page up (React keeps shown content in a transition).
    <QueryClientProvider client={queryClient}>
      <BrowserRouter useTransitions={false}>
        <PortalRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
