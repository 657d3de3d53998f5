/** How a test calls a started server: the API under /api, and the sandbox processor beside it. */
export interface ApiClient {
  /** Calls the API: JSON in, `{ status, body, headers }` out. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** The browser's side of a payment: a call to the sandbox processor, which is not under /api. */
  processor(path: string, body: unknown): Promise<{ status: number; body: { status?: string; code?: string } }>;
}

/** The calls of a test to the server at `url`. */
export function apiClient(url: string): ApiClient {
  return {
    async call(method, route, { body, raw, token, headers = {} } = {}) {
      const response = await fetch(`${url}/api${route}`, {
        method,
        headers: {
          ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async processor(route, body) {
      const response = await fetch(`${url}/sandbox-pay/v1${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { status?: string; code?: string } };
    },
  };
}
