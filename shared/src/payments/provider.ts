import { getPaymentSettings, queryOptions, type PaymentSettings } from '@portal/shared';
import type { PaymentProvider } from './types';

export type { Confirmations, Outcome, PaymentProvider } from './types';

/**
 * The configured provider's code, loaded on first use (Stripe's only when Stripe is configured) and
 * kept for the page's life; a load that failed is tried again by the next dialog.
 */
export const paymentProviderQuery = (settings: PaymentSettings = getPaymentSettings()) =>
  queryOptions({
    queryKey: [
      'paymentProvider',
      settings.provider === 'stripe' ? `stripe:${settings.publishableKey}` : `sandbox:${settings.sandboxUrl}`,
    ],
    queryFn: (): Promise<PaymentProvider> =>
      settings.provider === 'stripe'
        ? import('./stripe').then((m) => m.createStripeProvider(m.loadStripeJs(settings.publishableKey)))
        : import('./sandbox').then((m) => m.createSandboxProvider(settings.sandboxUrl)),
    staleTime: Infinity,
    gcTime: Infinity,
  });
