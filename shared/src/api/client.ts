import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { jwtDecode } from 'jwt-decode';
import { AUTH_TYPE_PASSWORD, refreshResponseSchema } from '../contract/auth';
import { DEFAULT_PRODUCT } from '../contract/common';
import { clearToken, getToken, setToken } from '../auth/token';
import { getDevice } from '../auth/device';
import { parseResponse, toApiError } from './errors';

/** The one API client of the page (shared as a federation singleton with `@portal/shared`). */
export const api = axios.create({ headers: { 'Content-Type': 'application/json' }, timeout: 20_000 });

let product = DEFAULT_PRODUCT;

export function configureApi(options: { baseURL: string; product: string }): void {
  api.defaults.baseURL = options.baseURL;
  product = options.product;
}

export function getProduct(): string {
  return product;
}

/** `/{product}/accountInfo`, `/{product}-payments`: product-scoped call paths (spec 7). */
export function productPath(path: string): string {
  return path.startsWith('-') ? `/${product}${path}` : `/${product}/${path.replace(/^\//, '')}`;
}

const NO_BEARER = new Set(['/login', '/refresh']);
const NO_REFRESH = new Set(['/refresh', '/logout']);

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token && !NO_BEARER.has(config.url ?? '') && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

function authenticationType(token: string): number | undefined {
  try {
    return jwtDecode<{ authentication_type?: number }>(token).authentication_type;
  } catch {
    return undefined;
  }
}

let refreshing: Promise<string> | null = null;

/** One refresh for every request that failed at the same time (spec 4, Authentication). */
function refreshOnce(oldToken: string): Promise<string> {
  refreshing ??= api
    .post('/refresh', { devicePassword: getDevice().devicePassword, token: oldToken })
    .then((response) => {
      const { token } = parseResponse(refreshResponseSchema, response.data, '/refresh');
      setToken(token);
      return token;
    })
    .catch((error: unknown) => {
      // Another tab may have refreshed this session meanwhile (rotation refuses our old token): use its token.
      const current = getToken();
      if (current && current !== oldToken) return current;
      clearToken();
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

api.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const token = getToken();
  const retriable =
    error.response?.status === 401 &&
    config &&
    !config._retried &&
    !NO_REFRESH.has(config.url ?? '') &&
    token !== null &&
    authenticationType(token) === AUTH_TYPE_PASSWORD;
  if (!retriable) throw toApiError(error);

  config._retried = true;
  let fresh: string;
  try {
    fresh = await refreshOnce(token);
  } catch {
    throw toApiError(error);
  }
  config.headers.set('Authorization', `Bearer ${fresh}`);
  return api.request(config);
});
