import { QueryClientProvider, Router, queryClient } from '@portal/shared';
import { Layout } from './layout/Layout';
import { RemoteOutlet } from './remotes/RemoteOutlet';

/** Every path goes through the layout; the remote that owns the prefix renders the page. */
export function PortalRoutes() {
  return (
    <Layout>
      <RemoteOutlet />
    </Layout>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <PortalRoutes />
      </Router>
    </QueryClientProvider>
  );
}
