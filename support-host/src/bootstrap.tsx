import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  Alert,
  Button,
  QueryClientProvider,
  Router,
  Spinner,
  configurePortal,
  queryClient,
  queryOptions,
  setRemoteModuleLoader,
  useQuery,
} from '@portal/shared';
import { loadRetry, originGuard } from '@portal/shared/hosting';
import '@portal/shared/global.css';
import { parseSupportConfig } from './config';
import { SUPPORT_HOST_TEXTS as T } from './texts';

/** What the support remote exposes as `./console`: the whole console, routes and sign-in included. */
interface SupportModule {
  SupportApp: ComponentType<{ apiBaseUrl: string }>;
}

const supportQuery = queryOptions({
  queryKey: ['remote', 'support'],
  queryFn: async () => {
    const module = await loadRemote<SupportModule>('support/support');
    if (!module?.SupportApp) throw new Error('The support remote exposes no console');
    return module;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The console from its remote; while it loads a spinner, and if it does not arrive a retry. */
function SupportOutlet({ apiBaseUrl }: { apiBaseUrl: string }) {
  const loaded = useQuery(supportQuery);
  if (loaded.isError) {
    return (
      <main className="support-host-problem">
        <Alert kind="error">{T.supportMissing}</Alert>
        <Button onClick={() => void loaded.refetch()}>{T.retry}</Button>
      </main>
    );
  }
  if (!loaded.isSuccess) return <Spinner />;
  const { SupportApp } = loaded.data;
  return <SupportApp apiBaseUrl={apiBaseUrl} />;
}

/** Reads `support.config.json`, registers the console's remotes and renders the console (index.ts runs it). */
export async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    const response = await fetch('/podrska/support.config.json');
    if (!response.ok) throw new Error(`support.config.json could not be loaded (HTTP ${response.status})`);
    config = parseSupportConfig(await response.json(), window.location.origin);
  } catch (error) {
    console.error(error);
    const problems = (error as { problems?: string[] }).problems ?? [String(error)];
    root.render(
      <main className="support-host-problem">
        <Alert kind="error">
          {T.configError}
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      </main>,
    );
    return;
  }
  configurePortal({ apiBaseUrl: config.apiBaseUrl, product: config.product });
  registerPlugins([originGuard(config.remoteOrigins), loadRetry()]);
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
  // The account remote's views (`account/views`) reach the console through the shared loader.
  setRemoteModuleLoader(async (id) => {
    const module = await loadRemote(id);
    if (!module) throw new Error(`${id} is not available`);
    return module;
  });
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router>
          <SupportOutlet apiBaseUrl={config.apiBaseUrl} />
        </Router>
      </QueryClientProvider>
    </StrictMode>,
  );
}
