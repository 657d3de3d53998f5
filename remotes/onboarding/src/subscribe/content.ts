import { loadRemoteModule, once, type SubscriptionContentModule } from '@portal/shared';

/** The catalogue's plan file, app badges and terms texts, loaded once through the host. */
export const loadSubscriptionContent = once(() => loadRemoteModule<SubscriptionContentModule>('catalogue/subscription'));
