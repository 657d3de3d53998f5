import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { setApiAdapter, setProcessorAdapter } from '../api/http';

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

type Reply = { status: number; data?: unknown };
type Handler = (request: FakeRequest) => Reply | Promise<Reply>;

/** Puts the network back (the jest setup does it after every test). */
export function restoreApi(): void {
  setApiAdapter(null, '');
  setProcessorAdapter(null);
}

/**
 * An answer as axios's own adapters give it: resolved when the request's `validateStatus` accepts the
 * status (2xx), otherwise rejected with an AxiosError carrying the response.
 */
export function adapterAnswer(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  const response: AxiosResponse = { data, status, statusText: '', headers: {}, config };
  if (!config.validateStatus || config.validateStatus(status)) return response;
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${status}`, code, config, null, response);
}

/**
 * Fakes the API at the HTTP edge (axios's adapter, in place of the network): tests declare the
 * answers, every request is recorded, and a request nobody declared fails the test. A handler that
 * throws is a server that cannot be reached.
 */
export function fakeApi() {
  const routes: Array<{ method: string; url: string; handler: Handler }> = [];
  const calls: FakeRequest[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const headers = Object.fromEntries(
      Object.entries(config.headers.toJSON()).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    // The body as the server would read it: axios has already written it as JSON.
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : undefined;
    const request: FakeRequest = { method, url, body, authorization: headers.authorization, headers };
    calls.push(request);
    const route = routes.find((r) => r.method === method && r.url === url);
    if (!route) throw new Error(`Unhandled request in test: ${method} ${url}`);
    let reply: Reply;
    try {
      reply = await route.handler(request);
    } catch (error) {
      throw new AxiosError((error as Error).message, AxiosError.ERR_NETWORK, config);
    }
    return adapterAnswer(config, reply.status, reply.data);
  };

  setApiAdapter(adapter, '');

  return {
    calls,
    on(method: string, url: string, handler: Handler | Reply) {
      routes.unshift({ method, url, handler: typeof handler === 'function' ? handler : () => handler });
      return this;
    },
    callsTo(method: string, url: string) {
      return calls.filter((c) => c.method === method && c.url === url);
    },
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

/** An unsigned JWT with the given payload: enough for jwt-decode, which does not verify. */
export function fakeToken(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

export const demoClaims = {
  first_name: 'Amra',
  last_name: 'Hodžić',
  device_username: 'web-test',
  email: 'demo@ontv.ba',
  phone_number: '38761000001',
  authentication_type: 1,
};
