/** @portal/shared: one instance per page (a federation singleton). */
export * from './contract';
export * from './router';
export * from './config';
export * from './messages';
export * from './storage';
export type { RemoteRoutesModule } from './federation';
export { api, configureApi, getProduct, productPath } from './api/client';
export { getAccountInfo, useAccountInfo, type AccountInfoState } from './api/account';
export { useLoad, type LoadState } from './api/useLoad';
export { getPaymentData, usePaymentData } from './api/customer';
export { ApiError, ContractError, messageOf, parseResponse, toApiError } from './api/errors';
export { authStore, useAuth, type AuthState } from './auth/store';
export { useLogout } from './auth/useLogout';
export { getDevice, type Device } from './auth/device';
export { getToken, setToken, clearToken, watchOtherTabs } from './auth/token';
export * from './format';
export { Button, ButtonLink, buttonClass } from './ui/Button';
export { TextField } from './ui/TextField';
export { CardLogo, CARD_LOGOS } from './ui/CardLogo';
export { Alert } from './ui/Alert';
export { Spinner } from './ui/Spinner';
export { Page, Card, panelClass, useDocumentTitle } from './ui/Page';
export { cx } from './ui/cx';

import { configureApi } from './api/client';
import { setStoragePrefix } from './storage';

/** Points the page's one API client and storage prefix at the configured service and product. */
export function configurePortal(options: { apiBaseUrl: string; product: string }): void {
  setStoragePrefix(options.product);
  configureApi({ baseURL: options.apiBaseUrl, product: options.product });
}
