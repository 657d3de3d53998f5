import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import { jwtDecode } from 'jwt-decode';
import type * as z from 'zod/mini';
import { AUTH_TYPE_PASSWORD } from '../contract/auth';
import { DEFAULT_PRODUCT } from '../contract/common';
import { endpoints, pathOf, schemaFor, type AnswerOf, type BodyIn, type Endpoint, type ParamsOf, type ProductSchema } from '../contract/endpoints';
import { clearToken, getToken, setToken } from '../auth/token';
import { getDevice } from '../auth/device';
import { parseResponse, toApiError } from './errors';
import { once } from '../once';

let product = DEFAULT_PRODUCT;
const settings: { baseURL: string; adapter: AxiosAdapter | null } = { baseURL: '', adapter: null };

export function configureApi(options: { baseURL: string; product: string }): void {
  settings.baseURL = options.baseURL;
  product = options.product;
}

/** Test helpers answer calls at the HTTP edge through this (see @portal/shared/testing); null puts the network back. */
export function setApiAdapter(adapter: AxiosAdapter | null, baseURL?: string): void {
  settings.adapter = adapter;
  if (baseURL !== undefined) settings.baseURL = baseURL;
}

const loadClient = once(() =>
  import('axios').then(({ default: axios }) => {
    const instance = createClient(axios);
    return { instance, networkAdapter: instance.defaults.adapter };
  }),
);

/**
 * The one axios instance of the page, made on the first call: a visitor who never calls the API (the
 * home page, anonymous) never downloads axios. It is a federation singleton, like `@portal/shared`.
 */
async function client(): Promise<AxiosInstance> {
  const { instance, networkAdapter } = await loadClient();
  instance.defaults.baseURL = settings.baseURL;
  instance.defaults.adapter = settings.adapter ?? networkAdapter;
  return instance;
}

/** The API client every app uses: axios' call methods, each loading axios on first use. Pages use `calls`. */
export const api = {
  request: <T = unknown>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((c) => c.request<T>(config)),
  get: <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((c) => c.get<T>(url, config)),
  delete: <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((c) => c.delete<T>(url, config)),
  post: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((c) => c.post<T>(url, data, config)),
  put: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((c) => c.put<T>(url, data, config)),
  patch: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((c) => c.patch<T>(url, data, config)),
};

export function getProduct(): string {
  return product;
}

/** `/{product}/accountInfo`, `/{product}-payments`: product-scoped call paths (product.md §7). */
export function productPath(path: string): string {
  return path.startsWith('-') ? `/${product}${path}` : `/${product}/${path.replace(/^\//, '')}`;
}

/** What a call of `endpoint` takes: its path parameters, its body and query when it has them, and extra headers. */
export type CallInput<E extends Endpoint> = (keyof ParamsOf<E> extends never ? { params?: undefined } : { params: ParamsOf<E> }) &
  (E['body'] extends ProductSchema ? { body: BodyIn<E> } : { body?: undefined }) &
  (E['query'] extends z.ZodMiniType ? { query: z.input<E['query']> } : { query?: undefined }) & { headers?: Record<string, string> };
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Calls one endpoint of the contract's table; the answer is checked against its schema (a mismatch is a ContractError). */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<AnswerOf<E>> {
  return send(endpoint, input) as Promise<AnswerOf<E>>;
}

async function send(endpoint: Endpoint, input?: { params?: Record<string, string>; body?: unknown; query?: unknown; headers?: Record<string, string> }): Promise<unknown> {
  const response = await api.request({
    method: endpoint.method,
    url: pathOf(endpoint.path, product, input?.params),
    data: input?.body,
    params: input?.query,
    headers: input?.headers,
  });
  if (!endpoint.answer) return undefined;
  return parseResponse(schemaFor(endpoint.answer, product), response.data, `${endpoint.method} ${endpoint.path}`);
}

/**
 * Fetches a file an endpoint answers (a PDF invoice), signed in like any call; a failure is an
 * ApiError. The page saves it with `saveFile`.
 */
export async function download<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Blob> {
  const response = await api.request<Blob>({
    method: endpoint.method,
    url: pathOf(endpoint.path, product, input?.params as Record<string, string> | undefined),
    params: input?.query,
    headers: input?.headers,
    responseType: 'blob',
  });
  return response.data;
}

/** Hands a fetched file to the browser to save under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Calls = { [N in keyof typeof endpoints]: (...args: CallArgs<(typeof endpoints)[N]>) => Promise<AnswerOf<(typeof endpoints)[N]>> };

/** One typed function per endpoint of the contract (`calls.checkPin({ body: { pin } })`): a page never writes a path or a method. */
export const calls = Object.fromEntries(
  Object.entries(endpoints).map(([name, endpoint]) => [name, (input?: Parameters<typeof send>[1]) => send(endpoint, input)]),
) as unknown as Calls;

const NO_BEARER = new Set<string>([endpoints.login.path, endpoints.refresh.path]);
const NO_REFRESH = new Set<string>([endpoints.refresh.path, endpoints.logout.path]);

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

function createClient(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({ headers: { 'Content-Type': 'application/json' }, timeout: 20_000 });
  instance.interceptors.request.use(addBearer);
  instance.interceptors.response.use(undefined, (error: AxiosError) => refreshAndRetry(instance, error));
  return instance;
}

function addBearer(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token && !NO_BEARER.has(config.url ?? '') && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
}

function authenticationType(token: string): number | undefined {
  try {
    return jwtDecode<{ authentication_type?: number }>(token).authentication_type;
  } catch {
    return undefined;
  }
}

let refreshing: Promise<string> | null = null;

/** One refresh for every request that failed at the same time (product.md §4, Authentication). */
function refreshOnce(oldToken: string): Promise<string> {
  refreshing ??= call(endpoints.refresh, { body: { devicePassword: getDevice().devicePassword, token: oldToken } })
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

/**
 * A 401 is answered with one refresh for the whole page: a call that fails while a refresh runs waits
 * for it, and a call whose 401 was for an older token than the stored one (a refresh finished while
 * it was in flight) is retried with the stored token, without refreshing again, which would rotate
 * away the token the other retries use.
 */
async function refreshAndRetry(instance: AxiosInstance, error: AxiosError): Promise<AxiosResponse> {
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
  const sent = sentToken(config);
  let fresh: string;
  try {
    fresh = refreshing ? await refreshing : sent !== null && sent !== token ? token : await refreshOnce(token);
  } catch {
    throw toApiError(error);
  }
  config.headers.set('Authorization', `Bearer ${fresh}`);
  return instance.request(config);
}
