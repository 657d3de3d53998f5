import { loadRemoteModule, type SubscriptionContentModule } from '@portal/shared';

/** The catalogue's plan file, app badges and terms texts, loaded once through the host. */
let loading: Promise<SubscriptionContentModule> | null = null;
export function loadSubscriptionContent(): Promise<SubscriptionContentModule> {
  loading ??= loadRemoteModule<SubscriptionContentModule>('catalogue/subscription');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
