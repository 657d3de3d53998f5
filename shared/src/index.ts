/** @portal/shared: one instance per page (a federation singleton). */
export * from './contract';
export * from './router';
export * from './texts';
export * from './storage';
export type { AccountViewsModule, RemoteRoutesModule, SubscriptionContentModule } from './federation';
export {
  calls,
  configureApi,
  download,
  getProduct,
  postToProcessor,
  preloadApiClient,
  productPath,
  saveFile,
  type CallInput,
} from './api/client';
// Reads go through TanStack Query's one client (api/query.ts); apps take its hooks from here, never
// from @tanstack/react-query themselves, so every remote uses the page's one copy and cache.
export {
  QueryClientProvider,
  dehydrate,
  hydrate,
  queryOptions,
  useQuery,
  useQueryClient,
  type DehydratedState,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
export { queryClient, askAhead, endpointKey, invalidate, markStale, retryRead, type EndpointName } from './api/query';
export { accountInfoQuery, useAccountInfo } from './api/account';
export { prefetchFirstReads } from './api/firstReads';
export { useSubmit, type Submit } from './api/useSubmit';
export { useForm, type FormOptions } from './forms/useForm';
export { formRules } from './forms/formRules';
export { paymentDataQuery, usePaymentData } from './api/customer';
export { plansQuery } from './api/plans';
export { ApiError, ContractError, messageOf, parseResponse, toApiError } from './api/errors';
export { authStore, useAuth, type AuthState } from './auth/store';
export { useLogout } from './auth/useLogout';
export { RequireAuth } from './auth/RequireAuth';
export { getDevice, type Device } from './auth/device';
export { getToken, setToken, clearToken, watchOtherTabs } from './auth/token';
export { SCRIPT_LANG, scriptStore, useScript, type Script } from './script/store';
export * from './format';
export { Button, ButtonLink, buttonClass } from './ui/Button';
export { TextField } from './ui/TextField';
export { NewPasswordFields, type NewPasswordTexts } from './ui/NewPasswordFields';
export { CardLogo, CARD_LOGOS } from './ui/CardLogo';
export { Alert } from './ui/Alert';
export { LoadFailed } from './ui/LoadFailed';
export { Spinner } from './ui/Spinner';
export { lazyPage, withFallback } from './ui/lazyPage';
export { Page, Card, DocumentTitle, panelClass, useDocumentTitle } from './ui/Page';
export { cx } from './ui/cx';

import { configureApi } from './api/client';
import { DEFAULT_OPERATOR, type OperatorSettings, type PaymentSettings, type RemoteName } from './contract';
import { setStoragePrefix } from './storage';

/** Points the page's one API client and storage prefix at the configured service and product. */
export function configurePortal(options: {
  apiBaseUrl: string;
  product: string;
  payments?: PaymentSettings;
  operator?: OperatorSettings;
  sandbox?: boolean;
}): void {
  setStoragePrefix(options.product);
  configureApi({ baseURL: options.apiBaseUrl, product: options.product });
  if (options.payments) settings.payments = options.payments;
  if (options.operator) settings.operator = options.operator;
  if (options.sandbox !== undefined) settings.sandbox = options.sandbox;
}

const settings: { payments: PaymentSettings; operator: OperatorSettings; sandbox: boolean } = {
  payments: { provider: 'sandbox', sandboxUrl: '/sandbox-pay/v1' },
  operator: DEFAULT_OPERATOR,
  sandbox: false,
};

/** Whether the server runs the portal as a sandbox (portal.config.json `sandbox`, set by the server). */
export const isSandboxPortal = (): boolean => settings.sandbox;

/** The configured payment provider (portal.config.json `payments`). */
export const getPaymentSettings = (): PaymentSettings => settings.payments;
/** The operator's legal data for invoices (portal.config.json `operator`). */
export const getOperator = (): OperatorSettings => settings.operator;

type ModuleLoader = (id: string) => Promise<unknown>;
let moduleLoader: ModuleLoader = (id) => Promise.reject(new Error(`No module loader for ${id}`));

/** The host sets how a remote's exposed module is loaded; remotes use `loadRemoteModule`. */
export function setRemoteModuleLoader(loader: ModuleLoader): void {
  moduleLoader = loader;
}

/** A module another remote exposes (`catalogue/subscription`), loaded through the host's federation runtime. */
export function loadRemoteModule<T>(id: `${RemoteName}/${string}`): Promise<T> {
  return moduleLoader(id) as Promise<T>;
}
