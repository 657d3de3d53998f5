import { jwtDecode } from 'jwt-decode';
import type * as z from 'zod/mini';
import { AUTH_TYPE_PASSWORD } from '../contract/auth';
import { DEFAULT_PRODUCT, errorResponseSchema } from '../contract/common';
import { endpoints, pathOf, schemaFor, type AnswerOf, type BodyIn, type Endpoint, type ParamsOf, type ProductSchema } from '../contract/endpoints';
import { clearToken, getToken, setToken } from '../auth/token';
import { getDevice } from '../auth/device';
import { ApiError, parseResponse } from './errors';

let product = DEFAULT_PRODUCT;

/** One request as the client sends it: `url` is the API path (`/login`), `data` the JSON body. */
export interface ApiRequest {
  method: string;
  url: string;
  data?: unknown;
  params?: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  /** `blob` for a file (a PDF invoice); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** Sent again after a token refresh (at most once). */
  retried?: boolean;
}
export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
}
/** Sends a request: answers every HTTP status, and rejects only when the server was not reached. */
export type ApiAdapter = (request: ApiRequest) => Promise<ApiResponse>;

const TIMEOUT_MS = 20_000;
const settings: { baseURL: string; adapter: ApiAdapter | null } = { baseURL: '', adapter: null };

export function configureApi(options: { baseURL: string; product: string }): void {
  settings.baseURL = options.baseURL;
  product = options.product;
}

/** Test helpers answer calls at the HTTP edge through this (see @portal/shared/testing); null puts the network back. */
export function setApiAdapter(adapter: ApiAdapter | null, baseURL?: string): void {
  settings.adapter = adapter;
  if (baseURL !== undefined) settings.baseURL = baseURL;
}

function queryOf(params: ApiRequest['params']): string {
  const pairs = Object.entries(params ?? {}).flatMap(([name, value]) => (value === undefined || value === null ? [] : [[name, String(value)]]));
  return pairs.length > 0 ? `?${new URLSearchParams(pairs)}` : '';
}

async function bodyOf(response: Response, responseType: ApiRequest['responseType']): Promise<unknown> {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // not JSON (a proxy's error page): the contract check or the error path says so
  }
}

/** The browser's fetch, with a JSON body, the query string and a 20-second limit. */
const networkAdapter: ApiAdapter = async (request) => {
  const hasBody = request.data !== undefined;
  const response = await fetch(`${settings.baseURL}${request.url}${queryOf(request.params)}`, {
    method: request.method.toUpperCase(),
    headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...request.headers },
    body: hasBody ? JSON.stringify(request.data) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: response.status, data: await bodyOf(response, request.responseType) };
};

/**
 * Sends one request with the stored token, refreshing it once on a 401 (see refreshAndRetry). A
 * status other than 2xx is an ApiError carrying the server's message; no answer is an ApiError of status 0.
 */
async function send<T>(request: ApiRequest): Promise<ApiResponse<T>> {
  const adapter = settings.adapter ?? networkAdapter;
  const sent = addBearer(request);
  let response: ApiResponse;
  try {
    response = await adapter(sent);
  } catch {
    throw new ApiError(0, undefined, request.url);
  }
  if (response.status >= 200 && response.status < 300) return response as ApiResponse<T>;
  return refreshAndRetry<T>(sent, response);
}

type Options = Partial<Pick<ApiRequest, 'params' | 'headers' | 'responseType'>>;
const requestOf = (method: string, url: string, data: unknown, options: Options = {}): ApiRequest => ({ method, url, data, ...options, headers: { ...options.headers } });

/** The API client every app's calls go through (fetch). Pages use `calls`. */
export const api = {
  request: <T = unknown>(request: Omit<ApiRequest, 'headers'> & { headers?: Record<string, string> | undefined }): Promise<ApiResponse<T>> =>
    send<T>({ ...request, headers: { ...request.headers } }),
  get: <T = unknown>(url: string, options?: Options) => send<T>(requestOf('GET', url, undefined, options)),
  delete: <T = unknown>(url: string, options?: Options) => send<T>(requestOf('DELETE', url, undefined, options)),
  post: <T = unknown>(url: string, data?: unknown, options?: Options) => send<T>(requestOf('POST', url, data, options)),
  put: <T = unknown>(url: string, data?: unknown, options?: Options) => send<T>(requestOf('PUT', url, data, options)),
  patch: <T = unknown>(url: string, data?: unknown, options?: Options) => send<T>(requestOf('PATCH', url, data, options)),
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
  return callEndpoint(endpoint, input) as Promise<AnswerOf<E>>;
}

async function callEndpoint(endpoint: Endpoint, input?: { params?: Record<string, string>; body?: unknown; query?: unknown; headers?: Record<string, string> }): Promise<unknown> {
  const response = await api.request({
    method: endpoint.method,
    url: pathOf(endpoint.path, product, input?.params),
    data: input?.body,
    params: input?.query as Record<string, unknown> | undefined,
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
    params: input?.query as Record<string, unknown> | undefined,
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
  Object.entries(endpoints).map(([name, endpoint]) => [name, (input?: Parameters<typeof callEndpoint>[1]) => callEndpoint(endpoint, input)]),
) as unknown as Calls;

const NO_BEARER = new Set<string>([endpoints.login.path, endpoints.refresh.path]);
const NO_REFRESH = new Set<string>([endpoints.refresh.path, endpoints.logout.path]);

/** The request with the stored token, unless it is a login or refresh or already names one. */
function addBearer(request: ApiRequest): ApiRequest {
  const token = getToken();
  if (!token || NO_BEARER.has(request.url) || request.headers.Authorization) return request;
  return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
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
function sentToken(request: ApiRequest): string | null {
  const header = request.headers.Authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/** The failed answer as an ApiError: its status and the server's message and code, when it sent them. */
function failure(request: ApiRequest, response: ApiResponse): ApiError {
  const body = errorResponseSchema.safeParse(response.data);
  return new ApiError(response.status, body.success ? body.data.message : undefined, request.url, body.success ? body.data.code : undefined);
}

/**
 * A 401 is answered with one refresh for the whole page: a call that fails while a refresh runs waits
 * for it, and a call whose 401 was for an older token than the stored one (a refresh finished while
 * it was in flight) is retried with the stored token, without refreshing again, which would rotate
 * away the token the other retries use. Any other failure is an ApiError.
 */
async function refreshAndRetry<T>(request: ApiRequest, response: ApiResponse): Promise<ApiResponse<T>> {
  const token = getToken();
  const retriable =
    response.status === 401 && !request.retried && !NO_REFRESH.has(request.url) && token !== null && authenticationType(token) === AUTH_TYPE_PASSWORD;
  if (!retriable) throw failure(request, response);

  const sent = sentToken(request);
  let fresh: string;
  try {
    fresh = refreshing ? await refreshing : sent !== null && sent !== token ? token : await refreshOnce(token);
  } catch {
    throw failure(request, response);
  }
  return send<T>({ ...request, retried: true, headers: { ...request.headers, Authorization: `Bearer ${fresh}` } });
}
