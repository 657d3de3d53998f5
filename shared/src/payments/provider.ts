import { getPaymentSettings, once, type PaymentSettings } from '@portal/shared';
import type { PaymentProvider } from './types';

export type { Confirmations, Outcome, PaymentProvider } from './types';

const loadProvider = once(
  (settings: PaymentSettings): Promise<PaymentProvider> =>
    settings.provider === 'stripe'
      ? import('./stripe').then((m) => m.createStripeProvider(m.loadStripeOnce(settings.publishableKey)))
      : import('./sandbox').then((m) => m.createSandboxProvider(settings.sandboxUrl)),
  (settings) =>
    settings.provider === 'stripe' ? `stripe:${settings.publishableKey}` : `sandbox:${settings.sandboxUrl}`,
);

/** The configured provider, loaded on first use (Stripe's code only when Stripe is configured). */
export function loadPaymentProvider(settings: PaymentSettings = getPaymentSettings()): Promise<PaymentProvider> {
  return loadProvider(settings);
}
