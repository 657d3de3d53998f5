import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type * as z from 'zod/mini';
import { endpoints } from '../contract/endpoints';
import type { AnswerOf, BodyIn, Endpoint, ParamsOf, ProductSchema } from '../contract/endpoint';
import type { EndpointInput } from './http';
import { ApiError } from './errors';
import { apiSettings } from './settings';

/**
 * The API client's own chunk (axios and its interceptors, http.ts), fetched with the first call and
 * shared by every call after it. A page that knows it will call at once starts it early (preloadApiClient).
 */
const loadHttp = () =>
  import(/* webpackChunkName: "api-client" */ './http').catch((error: unknown) => {
    // The chunk did not arrive (offline, or a tab older than the deployed portal): a call that did not
    // reach the server, as the pages already explain it; the next call asks for the chunk again.
    console.warn('The API client could not be loaded', error);
    throw new ApiError(0, undefined, undefined);
  });

/** Starts fetching the API client before the first call needs it (a signed-in visitor's pages call at once). */
export function preloadApiClient(): void {
  loadHttp().catch(() => undefined); // the first call reports a failure to load
}

export function configureApi(options: { baseURL: string; product: string }): void {
  apiSettings.baseURL = options.baseURL;
  apiSettings.product = options.product;
}

export function getProduct(): string {
  return apiSettings.product;
}

/** `/{product}/accountInfo`, `/{product}-payments`: product-scoped call paths (product.md §7). */
export function productPath(path: string): string {
  const { product } = apiSettings;
  return path.startsWith('-') ? `/${product}${path}` : `/${product}/${path.replace(/^\//, '')}`;
}

/**
 * What a call of `endpoint` takes: its path parameters, its body and query when it has them, extra
 * headers, and the `signal` of a page that may stop needing the answer (the request is cancelled).
 */
export type CallInput<E extends Endpoint> = (keyof ParamsOf<E> extends never
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E['body'] extends ProductSchema ? { body: BodyIn<E> } : { body?: undefined }) &
  (E['query'] extends z.ZodMiniType ? { query: z.input<E['query']> } : { query?: undefined }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

const callEndpoint = async (endpoint: Endpoint, input?: EndpointInput): Promise<unknown> =>
  (await loadHttp()).send(endpoint, input);

/** Calls one endpoint of the contract's table; the answer is checked against its schema (a mismatch is a ContractError). */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<AnswerOf<E>> {
  return callEndpoint(endpoint, input as EndpointInput | undefined) as Promise<AnswerOf<E>>;
}

/**
 * Fetches a file an endpoint answers (a PDF invoice), signed in like any call; a failure is an
 * ApiError. The page saves it with `saveFile`.
 */
export async function download<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Blob> {
  return (await loadHttp()).sendForFile(endpoint, input as EndpointInput | undefined);
}

/** Posts JSON to the card processor's service (not our API; no token): its status and JSON body. */
export async function postToProcessor(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  return (await loadHttp()).postToProcessor(url, body);
}

/**
 * The axios instance's methods, for remotes built before it moved into its own chunk (within a major
 * the package only adds). Pages call `calls.<name>()`; lint keeps apps from this.
 */
export const api = {
  request: async <T = unknown>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadHttp()).api.request<T>(config),
  get: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadHttp()).api.get<T>(url, config),
  delete: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadHttp()).api.delete<T>(url, config),
  post: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadHttp()).api.post<T>(url, data, config),
  put: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadHttp()).api.put<T>(url, data, config),
  patch: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadHttp()).api.patch<T>(url, data, config),
};

/** Hands a fetched file to the browser to save under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Calls = {
  [N in keyof typeof endpoints]: (...args: CallArgs<(typeof endpoints)[N]>) => Promise<AnswerOf<(typeof endpoints)[N]>>;
};

/** One typed function per endpoint of the contract (`calls.checkPin({ body: { pin } })`): a page never writes a path or a method. */
export const calls = Object.fromEntries(
  Object.entries(endpoints).map(([name, endpoint]) => [name, (input?: EndpointInput) => callEndpoint(endpoint, input)]),
) as unknown as Calls;
