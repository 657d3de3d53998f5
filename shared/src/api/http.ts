/**
 * The page's one axios instance and what it does on every call: the stored token added by a request
 * interceptor, and the one refresh after a 401 plus every failure turned into an ApiError by a response
 * interceptor. This module is its own chunk, fetched with the first call (client.ts `loadHttp`): the
 * pages that call nothing at once (the home page) do without axios's 21 KB.
 */
import axios, { type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { jwtDecode } from 'jwt-decode';
import { AUTH_TYPE_PASSWORD } from '../contract/auth';
import { errorResponseSchema } from '../contract/common';
import { endpoints, pathOf, schemaFor, type Endpoint } from '../contract/endpoints';
import { clearToken, getToken, setToken } from '../auth/token';
import { getDevice } from '../auth/device';
import { ApiError, parseResponse } from './errors';
import { apiSettings } from './settings';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent again after a token refresh (at most once). */
    retried?: boolean;
  }
}

const TIMEOUT_MS = 20_000;
/** XMLHttpRequest, in every browser the portal supports; the bundles leave axios's fetch adapter out (axiosFetchAdapter.ts). */
const ADAPTER = 'xhr';

/** Pages call the API with `calls.<name>()`, never with this; tests and the client do. */
export const api = axios.create({ adapter: ADAPTER, timeout: TIMEOUT_MS, headers: { Accept: 'application/json' } });
const networkAdapter = api.defaults.adapter;

/**
 * The card processor's own service (the sandbox's `/sandbox-pay/v1`): axios without our interceptors,
 * so the customer's token never goes to it and its refusals stay its answers, not ApiErrors.
 */
const processor = axios.create({
  adapter: ADAPTER,
  timeout: TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  validateStatus: () => true,
});

/** Posts JSON to the processor: its status and body (undefined when not JSON), whatever the status; rejects only when it is not reached. */
export async function postToProcessor(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const response = await processor.post(url, body);
  return {
    status: response.status,
    data: response.data !== null && typeof response.data === 'object' ? response.data : undefined,
  };
}

/** Tests answer calls at axios's adapter edge (see @portal/shared/testing); null puts the network back. */
export function setApiAdapter(adapter: AxiosAdapter | null, baseURL?: string): void {
  api.defaults.adapter = adapter ?? networkAdapter;
  if (baseURL !== undefined) apiSettings.baseURL = baseURL;
}

/** The same for the processor's service (fakeProcessor). */
export function setProcessorAdapter(adapter: AxiosAdapter | null): void {
  processor.defaults.adapter = adapter ?? networkAdapter;
}

/** One call's input, whatever the endpoint (client.ts types it per endpoint). */
export interface EndpointInput {
  params?: Record<string, string> | undefined;
  body?: unknown;
  query?: unknown;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
}

function requestOf(endpoint: Endpoint, input: EndpointInput = {}) {
  return {
    method: endpoint.method,
    url: pathOf(endpoint.path, apiSettings.product, input.params),
    data: input.body,
    params: input.query,
    headers: input.headers,
    signal: input.signal,
  };
}

/** Calls one endpoint; the answer is checked against its schema (a mismatch is a ContractError). */
export async function send(endpoint: Endpoint, input?: EndpointInput): Promise<unknown> {
  const response = await api.request(requestOf(endpoint, input));
  if (!endpoint.answer) return undefined;
  return parseResponse(
    schemaFor(endpoint.answer, apiSettings.product),
    response.data,
    `${endpoint.method} ${endpoint.path}`,
  );
}

/** Fetches the file an endpoint answers (a PDF invoice). */
export async function sendForFile(endpoint: Endpoint, input?: EndpointInput): Promise<Blob> {
  const response = await api.request<Blob>({ ...requestOf(endpoint, input), responseType: 'blob' });
  return response.data;
}

const NO_BEARER = new Set<string | undefined>([endpoints.login.path, endpoints.refresh.path]);
const NO_REFRESH = new Set<string | undefined>([endpoints.refresh.path, endpoints.logout.path]);

/** Adds the configured base URL and the stored token, unless the request is a login or refresh or already names one. */
api.interceptors.request.use((config) => {
  config.baseURL ??= apiSettings.baseURL;
  const token = getToken();
  if (token && !NO_BEARER.has(config.url) && !config.headers.has('Authorization'))
    config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});
api.interceptors.response.use(undefined, refreshAfter401);

function authenticationType(token: string): number | undefined {
  try {
    return jwtDecode<{ authentication_type?: number }>(token).authentication_type;
  } catch {
    return undefined;
  }
}

let refreshing: Promise<string> | null = null;

/** One refresh for every request that failed at the same time (product.md §4, Signing in). */
function refreshOnce(oldToken: string): Promise<string> {
  refreshing ??= (
    send(endpoints.refresh, { body: { devicePassword: getDevice().devicePassword, token: oldToken } }) as Promise<{
      token: string;
    }>
  )
    .then(({ token }) => {
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

/** The token a request was sent with (its Authorization header), or null. */
function sentToken(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** A body axios kept as a Blob (a file was asked for) read back as the JSON error it is. */
async function errorBody(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return undefined;
  }
}

/** The failed answer as an ApiError: its status and the server's message and code, when it sent them. */
async function failure(config: InternalAxiosRequestConfig, response: AxiosResponse): Promise<ApiError> {
  const body = errorResponseSchema.safeParse(await errorBody(response.data));
  return new ApiError(
    response.status,
    body.success ? body.data.message : undefined,
    config.url,
    body.success ? body.data.code : undefined,
  );
}

/**
 * The response interceptor's failure path. A 401 is answered with one refresh for the whole page: a
 * call that fails while a refresh runs waits for it, and a call whose 401 was for an older token than
 * the stored one (a refresh finished while it was in flight) is retried with the stored token, without
 * refreshing again, which would rotate away the token the other retries use. Any other failure is an
 * ApiError (status 0 when the server was not reached); a cancelled request stays axios's CanceledError.
 */
async function refreshAfter401(error: unknown): Promise<AxiosResponse> {
  if (axios.isCancel(error) || !axios.isAxiosError(error) || !error.config) throw error;
  const { config, response } = error;
  if (!response) throw new ApiError(0, undefined, config.url);
  const token = getToken();
  const retriable =
    response.status === 401 &&
    !config.retried &&
    !NO_REFRESH.has(config.url) &&
    token !== null &&
    authenticationType(token) === AUTH_TYPE_PASSWORD;
  if (!retriable) throw await failure(config, response);

  const sent = sentToken(config);
  let fresh: string;
  try {
    fresh = refreshing ? await refreshing : sent !== null && sent !== token ? token : await refreshOnce(token);
  } catch {
    throw await failure(config, response);
  }
  config.headers.set('Authorization', `Bearer ${fresh}`);
  return api.request({ ...config, retried: true });
}
