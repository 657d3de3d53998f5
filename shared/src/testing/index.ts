/** Test helpers for the browser apps' jest tests. Never imported by application code. */
export { fakeApi, fakeToken, demoClaims, restoreApi, type FakeApi, type FakeRequest } from './fake-api';
/** The page's API client's adapter, for tests that answer at axios's edge themselves (the console's). */
export { setApiAdapter } from '../api/http';
export { resetAuthStore, resetQueries, resetScriptStore } from './reset';
export { TestProviders } from './providers';
export { renderRoutes } from './renderRoutes';
export { fakeProcessor, type ProcessorCall } from './fake-processor';
export { savedCard } from './fixtures';
export { configureSandboxPayments, signInDemo } from './session';
