import { setApiAdapter, type ApiAdapter } from '../api/client';

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
}

/**
 * Fakes the API at the HTTP edge (the client's adapter, in place of fetch): tests declare the answers, every request is
 * recorded, and a request nobody declared fails the test.
 */
export function fakeApi() {
  const routes: Array<{ method: string; url: string; handler: Handler }> = [];
  const calls: FakeRequest[] = [];

  const adapter: ApiAdapter = async (sent) => {
    const method = sent.method.toUpperCase();
    const url = sent.url;
    const headers = Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]));
    // The body as the server would read it: sent as JSON, so a copy.
    const body = sent.data === undefined ? undefined : (JSON.parse(JSON.stringify(sent.data)) as unknown);
    const request: FakeRequest = { method, url, body, authorization: headers.authorization, headers };
    calls.push(request);
    const route = routes.find((r) => r.method === method && r.url === url);
    if (!route) throw new Error(`Unhandled request in test: ${method} ${url}`);
    const reply = await route.handler(request);
    return { status: reply.status, data: reply.data };
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
