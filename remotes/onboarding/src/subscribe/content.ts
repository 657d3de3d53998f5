import { loadRemoteModule, once, type SubscriptionContentModule } from '@portal/shared';

const loadOnce = once(() => loadRemoteModule<SubscriptionContentModule>('catalogue/subscription'));

/** The catalogue's plan file, app badges and terms texts, loaded once through the host. */
export const loadSubscriptionContent = (): Promise<SubscriptionContentModule> => loadOnce();
