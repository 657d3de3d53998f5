import { Component, useDeferredValue, type ReactNode } from 'react';
import { remoteFor, Spinner, type RemoteName, useQuery, useLocation, Routes, type RouteObject } from '@portal/shared';
import { NotFound } from '../layout/NotFound';
import { RemoteError } from './RemoteError';
import { isVersionSkew, remoteRoutesQuery, resetRemote } from './loader';

const notFoundRoute: RouteObject = { path: '*', element: <NotFound /> };

interface BoundaryProps {
  name: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Contains a remote that throws while rendering: the header, footer and other remotes keep working. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`Remote "${this.props.name}" failed while rendering`, error);
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? <RemoteError onRetry={this.retry} /> : this.props.children;
  }
}

function RemoteSlot({ name }: { name: RemoteName }) {
  const remote = useQuery(remoteRoutesQuery(name));
  // A remote that has just arrived renders as a transition: in slices, the browser answering between them.
  const module = useDeferredValue(remote.data);
  const retry = () => resetRemote(name);
  if (remote.isError) {
    // This page's @portal/shared cannot change while it runs: only a reload brings the newer portal.
    if (isVersionSkew(remote.error)) return <RemoteError outdated onRetry={() => window.location.reload()} />;
    return <RemoteError onRetry={retry} />;
  }
  if (!module) return <Spinner />;
  return (
    <RemoteBoundary name={name} onRetry={retry}>
      <Routes routes={[...module.routes, notFoundRoute]} />
    </RemoteBoundary>
  );
}

/** Renders the remote that owns the current URL, or the 404 page when none does. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const name = remoteFor(pathname);
  if (!name) return <NotFound />;
  return <RemoteSlot key={name} name={name} />;
}
