/** Test helpers for the browser apps' jest tests. Never imported by application code. */
export { fakeApi, fakeToken, demoClaims, restoreApi, type FakeApi, type FakeRequest } from './fake-api';
export { resetAuthStore, resetQueries, resetScriptStore } from './reset';
export { TestProviders } from './providers';
export { renderRoutes } from './renderRoutes';
export { fakeProcessor, type ProcessorCall } from './fake-processor';
export { savedCard } from './fixtures';
export { configureSandboxPayments, signInDemo } from './session';
