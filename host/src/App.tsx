import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './layout/Layout';
import { RemoteOutlet } from './remotes/RemoteOutlet';

/** Every path goes through the layout; the remote that owns the prefix renders the page. */
export function createPortalRouter() {
  return createBrowserRouter([{ element: <Layout />, children: [{ path: '*', element: <RemoteOutlet /> }] }]);
}

export function App({ router }: { router: ReturnType<typeof createPortalRouter> }) {
  return <RouterProvider router={router} />;
}
