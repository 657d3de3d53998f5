import { Component, startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  remoteFor,
  Spinner,
  type RemoteName,
  type RemoteRoutesModule,
  useLocation,
  useRoutes,
  type RouteObject,
} from '@portal/shared';
import { NotFound } from '../layout/NotFound';
import { RemoteError } from './RemoteError';
import { isVersionSkew, loadedRemote, loadRemoteRoutes, resetRemote } from './loader';

type RemoteState =
  { status: 'loading' } | { status: 'ready'; module: RemoteRoutesModule } | { status: 'failed'; error: unknown };

function initialState(name: RemoteName): RemoteState {
  const module = loadedRemote(name);
  return module ? { status: 'ready', module } : { status: 'loading' };
}

function useRemote(name: RemoteName) {
  const [state, setState] = useState<RemoteState>(() => initialState(name));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    if (loadedRemote(name)) return;
    loadRemoteRoutes(name).then(
      // The remote's page renders as a transition: in slices, the browser answering between them.
      (module) => live && startTransition(() => setState({ status: 'ready', module })),
      (error: unknown) => {
        console.warn(`Remote "${name}" could not be loaded`, error);
        if (live) setState({ status: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [name, attempt]);

  const retry = useCallback(() => {
    resetRemote(name);
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, [name]);

  return { state, retry };
}

const notFoundRoute: RouteObject = { path: '*', element: <NotFound /> };

function MountedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes([...routes, notFoundRoute]);
}

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
  const { state, retry } = useRemote(name);
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'failed') {
    // This page's @portal/shared cannot change while it runs: only a reload brings the newer portal.
    if (isVersionSkew(state.error)) return <RemoteError outdated onRetry={() => window.location.reload()} />;
    return <RemoteError onRetry={retry} />;
  }
  return (
    <RemoteBoundary name={name} onRetry={retry}>
      <MountedRoutes routes={state.module.routes} />
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
