import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore, configurePortal, setRemoteModuleLoader, watchOtherTabs } from '@portal/shared';
import '@portal/shared/global.css';
import { loadConfig } from './config/loadConfig';
import { loadExposedModule, registerPortalRemotes } from './remotes/loader';
import { App } from './App';
import { ConfigErrorPage } from './ConfigErrorPage';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadConfig();
    configurePortal({ apiBaseUrl: config.apiBaseUrl, product: config.product, payments: config.payments, operator: config.operator });
    registerPortalRemotes(config.remotes, config.remoteOrigins);
    setRemoteModuleLoader(loadExposedModule);
  } catch (error) {
    console.error(error);
    root.render(<ConfigErrorPage error={error} />);
    return;
  }
  authStore.getState().bootstrap();
  watchOtherTabs();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
