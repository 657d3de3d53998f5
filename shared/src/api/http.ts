/**
 * The page's one API client and what it does on every call, made by createHttpClient (httpClient.ts):
 * the stored token on every request, and the one refresh after a 401 before a failure is an ApiError.
 * This module is its own chunk, fetched with the first call (client.ts `loadHttp`): the pages that call
 * nothing at once (the home page) do without axios's 21 KB.
 */
import type { AxiosAdapter, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { jwtDecode } from 'jwt-decode';
import { AUTH_TYPE_PASSWORD, authSection } from '../contract/auth';
import { pathOf, schemaFor, type Endpoint } from '../contract/endpoint';
import { clearToken, getToken, setToken } from '../auth/token';
import { getDevice } from '../auth/device';
import { ApiError, parseResponse } from './errors';
import { createHttpClient, requestOf, type EndpointInput } from './httpClient';
import { apiSettings } from './settings';

/** A call's input as `calls` hands it on (client.ts CallInput types it per call). */
export type CallerInput = EndpointInput & { token?: string | null };

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent again after a token refresh (at most once). */
    retried?: boolean;
    /** Signed with a token its caller named (`token` of a call: the support console's), never the stored customer's. */
    signedByCaller?: boolean;
  }
}

const NO_BEARER = new Set<string | undefined>([authSection.login.path, authSection.refresh.path]);
const NO_REFRESH = new Set<string | undefined>([authSection.refresh.path, authSection.logout.path]);

/**
 * The page's client: the configured base URL, the stored customer's token (not on a login or refresh,
 * nor on a call whose caller named its own) and the refresh after a 401.
 */
const client = createHttpClient({
  ApiError,
  baseURL: () => apiSettings.baseURL,
  token: (config) => (NO_BEARER.has(config.url) || config.signedByCaller ? null : getToken()),
  sendAgain: (config, response) => refreshAfter401(config, response),
});
const api = client.instance;

/**
 * The card processor's own service (the sandbox's `/sandbox-pay/v1`): without our token and hooks, so
 * the customer's token never goes to it and its refusals stay its answers, not ApiErrors.
 */
const processor = createHttpClient({ ApiError, validateStatus: () => true });

/** Posts JSON to the processor: its status and body (undefined when not JSON), whatever the status; rejects only when it is not reached. */
export async function postToProcessor(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const response = await processor.instance.post(url, body);
  return {
    status: response.status,
    data: response.data !== null && typeof response.data === 'object' ? response.data : undefined,
  };
}

/** Tests answer calls at axios's adapter edge (see @portal/shared/testing); null puts the network back. */
export function setApiAdapter(adapter: AxiosAdapter | null, baseURL?: string): void {
  client.setAdapter(adapter);
  if (baseURL !== undefined) apiSettings.baseURL = baseURL;
}

/** The same for the processor's service (fakeProcessor). */
export function setProcessorAdapter(adapter: AxiosAdapter | null): void {
  processor.setAdapter(adapter);
}

/** One call's request; a token its caller named goes instead of the stored one (`null`: none). */
function endpointRequest(endpoint: Endpoint, input?: CallerInput) {
  const request = requestOf(endpoint.method, pathOf(endpoint.path, apiSettings.product, input?.params), input);
  if (input?.token === undefined) return request;
  const headers =
    input.token === null ? request.headers : { ...request.headers, Authorization: `Bearer ${input.token}` };
  return { ...request, headers, signedByCaller: true };
}

/** Calls one endpoint; the answer is checked against its schema (a mismatch is a ContractError). */
export async function send(endpoint: Endpoint, input?: CallerInput): Promise<unknown> {
  const response = await api.request(endpointRequest(endpoint, input));
  if (!endpoint.answer) return undefined;
  return parseResponse(
    schemaFor(endpoint.answer, apiSettings.product),
    response.data,
    `${endpoint.method} ${endpoint.path}`,
  );
}

/** Fetches the file an endpoint answers (a PDF invoice). */
export async function sendForFile(endpoint: Endpoint, input?: CallerInput): Promise<Blob> {
  const response = await api.request<Blob>({
    ...endpointRequest(endpoint, input),
    responseType: 'blob',
  });
  return response.data;
}

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
    send(authSection.refresh, { body: { devicePassword: getDevice().devicePassword, token: oldToken } }) as Promise<{
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

/**
 * A failed answer's second chance (createHttpClient's `sendAgain`). A 401 is answered with one refresh
 * for the whole page: a call that fails while a refresh runs waits for it, and a call whose 401 was for
 * an older token than the stored one (a refresh finished while it was in flight) is sent again with the
 * stored token, without refreshing again, which would rotate away the token the other retries use. Any
 * other failure, or a failed refresh, stands: the client rejects with it as an ApiError.
 */
async function refreshAfter401(
  config: InternalAxiosRequestConfig,
  response: AxiosResponse,
): Promise<AxiosRequestConfig | null> {
  const token = getToken();
  const retriable =
    response.status === 401 &&
    !config.retried &&
    !config.signedByCaller &&
    !NO_REFRESH.has(config.url) &&
    token !== null &&
    authenticationType(token) === AUTH_TYPE_PASSWORD;
  if (!retriable) return null;

  const sent = sentToken(config);
  const fresh = refreshing ? await refreshing : sent !== null && sent !== token ? token : await refreshOnce(token);
  config.headers.set('Authorization', `Bearer ${fresh}`);
  return { ...config, retried: true };
}
