import { authStore } from '../auth/store';
import { setToken } from '../auth/token';
import { configurePortal } from '../index';
import { demoClaims, fakeToken } from './fake-api';

/** The portal as the payment dialogs find it served: the API on the page's origin, and the sandbox processor. */
export function configureSandboxPayments(): void {
  configurePortal({
    apiBaseUrl: '',
    product: 'ontv',
    payments: { provider: 'sandbox', sandboxUrl: '/sandbox-pay/v1' },
  });
}

/** The demo customer signed in, as a login leaves them: a token of `demoClaims`, read by the auth store. */
export function signInDemo(): void {
  setToken(fakeToken(demoClaims));
  authStore.getState().bootstrap();
}
