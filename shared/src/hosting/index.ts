/**
 * What a host of the portal's apps (the customer portal's, the support console's) does with the
 * federation runtime: the origin guard and the load retries. Imported by name
 * (`@portal/shared/hosting`), it is bundled into each host, not into the page's shared singleton, and it
 * takes the rest of @portal/shared by package name (as the payment module does).
 */
export { loadRetry, originGuard } from './plugins';
