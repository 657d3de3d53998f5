/**
 * One way to make an axios instance (docs/decisions/043-one-http-client-factory.md): the page's API client,
 * which the support console calls through too (decision 059), and the card processor's service (http.ts).
 * Each gets the same defaults, the same adapter swap for tests and the same reading of a failed answer as
 * an ApiError; a hook says what differs (the token, the refresh after a 401). Never part of the package's
 * main entry: axios stays out of the portal's first load (http.ts is a chunk of its own). It takes the
 * ApiError class from its caller and imports nothing of the package but types, so that whatever bundles
 * it never makes a second ApiError class, one the pages' `instanceof ApiError` would not know.
 */
import axios, {
  isAxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ApiError } from './errors';

const TIMEOUT_MS = 20_000;
/** XMLHttpRequest, in every browser the portal supports; the bundles leave axios's fetch adapter out (axiosFetchAdapter.ts). */
const ADAPTER = 'xhr';

/** What differs between the clients; everything else is common. */
export interface HttpClientOptions {
  /** The page's ApiError class, as its caller imports it (see above): `ApiError` of @portal/shared. */
  ApiError: typeof ApiError;
  /** Which statuses are answers (axios's default: 2xx); the processor's service takes every one as its answer. */
  validateStatus?: (status: number) => boolean;
  /** The base URL of a request that names none, read at each request (it is configured after the client is made). */
  baseURL?: () => string;
  /** The bearer token a request carries unless it names its own Authorization header; null sends none. */
  token?: (config: InternalAxiosRequestConfig) => string | null;
  /**
   * Makes the client reject every failure as an ApiError (a response interceptor), after one second
   * chance: the request to send again (the portal's, with a refreshed token after a 401), or null, or a
   * rejection, to let the failure stand. A client without it rejects with axios's errors, which its
   * caller turns with `failureOf`.
   */
  sendAgain?: (config: InternalAxiosRequestConfig, response: AxiosResponse) => Promise<AxiosRequestConfig | null>;
}

interface HttpClient {
  instance: AxiosInstance;
  /** Tests answer calls at axios's adapter edge (see @portal/shared/testing); null puts the network back. */
  setAdapter(adapter: AxiosAdapter | null): void;
  /**
   * A failure of a client without `sendAgain` as an ApiError: status 0 when there is no answer (the
   * server not reached, a cancelled request, an error that is no call's), otherwise the answer's status
   * and the server's message and code. The body is read as it came (a file's is not read back).
   */
  failureOf(error: unknown, url: string | undefined): ApiError;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance = axios.create({
    adapter: ADAPTER,
    timeout: TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    ...(options.validateStatus ? { validateStatus: options.validateStatus } : {}),
  });
  const networkAdapter = instance.defaults.adapter;
  const { ApiError: Failure, baseURL, token, sendAgain } = options;
  if (baseURL || token) {
    instance.interceptors.request.use((config) => {
      if (baseURL) config.baseURL ??= baseURL();
      const bearer = token?.(config);
      if (bearer && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${bearer}`);
      return config;
    });
  }
  if (sendAgain) instance.interceptors.response.use(undefined, (error: unknown) => rejected(error));

  /**
   * The response interceptor's failure path: a cancelled request stays axios's CanceledError, a server
   * not reached is status 0, and a failed answer is given its second chance before it is an ApiError.
   */
  async function rejected(error: unknown): Promise<AxiosResponse> {
    if (axios.isCancel(error) || !isAxiosError(error) || !error.config) throw error;
    const { config, response } = error;
    if (!response) throw new Failure(0, undefined, config.url);
    const again = await sendAgain!(config, response).catch(() => null);
    if (!again) throw apiErrorOf(Failure, response.status, await errorBody(response.data), config.url);
    return instance.request(again);
  }

  return {
    instance,
    setAdapter: (adapter) => {
      instance.defaults.adapter = adapter ?? networkAdapter;
    },
    failureOf: (error, url) =>
      isAxiosError(error) && error.response
        ? apiErrorOf(Failure, error.response.status, error.response.data, url)
        : new Failure(0, undefined, url),
  };
}

/** One call's input, whatever the endpoint (each client types it per endpoint). */
export interface EndpointInput {
  params?: Record<string, string> | undefined;
  body?: unknown;
  query?: unknown;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
}

/** The request of one endpoint of a contract's table at `url`, its path filled in (`pathOf`). */
export function requestOf(method: string, url: string, input: EndpointInput = {}) {
  return { method, url, data: input.body, params: input.query, headers: input.headers, signal: input.signal };
}

/**
 * A failed answer as an ApiError: its status and the server's message and code, each read when it is a
 * string (a proxy's body may carry one without the other).
 */
function apiErrorOf(Failure: typeof ApiError, status: number, body: unknown, url: string | undefined): ApiError {
  const fields = body !== null && typeof body === 'object' ? (body as { message?: unknown; code?: unknown }) : {};
  return new Failure(
    status,
    typeof fields.message === 'string' ? fields.message : undefined,
    url,
    typeof fields.code === 'string' ? fields.code : undefined,
  );
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
