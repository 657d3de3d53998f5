import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fakeApi, fakeToken, demoClaims, restoreApi, type FakeApi } from '../testing';
import { authStore } from '../auth/store';
import { getToken, setToken } from '../auth/token';
import { waitFor } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { adapterAnswer } from '../testing/fake-api';
import { calls } from './client';
import { api, setApiAdapter } from './http';
import { ApiError } from './errors';

const oldToken = fakeToken({ ...demoClaims, jti: 'old' });
const newToken = fakeToken({ ...demoClaims, jti: 'new' });

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  setToken(oldToken);
  authStore.getState().bootstrap();
});

/** An endpoint that accepts only the new token, as the real one does after expiry. */
function protectedEndpoint(url: string) {
  server.on('GET', url, (req) =>
    req.authorization === `Bearer ${newToken}`
      ? { status: 200, data: { url } }
      : { status: 401, data: { message: 'Sesija je istekla.' } },
  );
}

describe('API client', () => {
  it('adds the bearer token to calls but not to login and refresh', async () => {
    server
      .on('GET', '/x', { status: 200, data: {} })
      .on('POST', '/login', { status: 401 })
      .on('POST', '/refresh', { status: 401 });
    await api.get('/x');
    await api.post('/login', {}).catch(() => undefined);
    expect(server.callsTo('GET', '/x')[0]?.authorization).toBe(`Bearer ${oldToken}`);
    expect(server.callsTo('POST', '/login')[0]?.authorization).toBeUndefined();
  });

  it('refreshes once for many requests that fail together, then retries each once', async () => {
    let refreshes = 0;
    server.on('POST', '/refresh', (req) => {
      refreshes += 1;
      expect(req.body).toEqual({ devicePassword: expect.stringMatching(/^[0-9a-f]{64}$/), token: oldToken });
      return { status: 200, data: { token: newToken } };
    });
    const urls = Array.from({ length: 20 }, (_, i) => `/item/${i}`);
    urls.forEach(protectedEndpoint);

    const results = await Promise.all(urls.map((url) => api.get<{ url: string }>(url)));

    expect(results.map((r) => r.data.url)).toEqual(urls);
    expect(refreshes).toBe(1);
    expect(getToken()).toBe(newToken);
    for (const url of urls) expect(server.callsTo('GET', url)).toHaveLength(2);
    expect(authStore.getState().authorized).toBe(true);
  });

  it('retries a call whose 401 came after the refresh with the stored token, without refreshing again', async () => {
    let refreshes = 0;
    let refreshed!: () => void;
    const refreshDone = new Promise<void>((resolve) => (refreshed = resolve));
    server.on('POST', '/refresh', () => {
      refreshes += 1;
      setTimeout(refreshed, 0);
      return { status: 200, data: { token: newToken } };
    });
    protectedEndpoint('/fast');
    // Sent with the old token, answered only once the refresh has finished.
    server.on('GET', '/late', async (req) => {
      if (req.authorization === `Bearer ${newToken}`) return { status: 200, data: { url: '/late' } };
      await refreshDone;
      return { status: 401, data: { message: 'Sesija je istekla.' } };
    });

    const results = await Promise.all([api.get<{ url: string }>('/fast'), api.get<{ url: string }>('/late')]);

    expect(results.map((r) => r.data.url)).toEqual(['/fast', '/late']);
    expect(refreshes).toBe(1);
    expect(getToken()).toBe(newToken);
  });

  it('logs the user out when the refresh fails', async () => {
    server.on('POST', '/refresh', { status: 401, data: { message: 'Sesija je istekla.' } });
    protectedEndpoint('/a');
    protectedEndpoint('/b');

    const outcomes = await Promise.allSettled([api.get('/a'), api.get('/b')]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect((outcomes[0] as PromiseRejectedResult).reason.status).toBe(401);
    expect(server.callsTo('POST', '/refresh')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(authStore.getState()).toMatchObject({ authorized: false, tokenData: null });
  });

  it('uses the token another tab refreshed meanwhile instead of logging out', async () => {
    server.on('POST', '/refresh', () => {
      window.localStorage.setItem('ontv.token', newToken); // the other tab won the rotation
      return { status: 401 };
    });
    protectedEndpoint('/c');
    await expect(api.get('/c')).resolves.toMatchObject({ data: { url: '/c' } });
    expect(getToken()).toBe(newToken);
  });

  it('retries a request only once', async () => {
    server.on('POST', '/refresh', { status: 200, data: { token: newToken } }).on('GET', '/always-401', { status: 401 });
    await expect(api.get('/always-401')).rejects.toMatchObject({ status: 401 });
    expect(server.callsTo('GET', '/always-401')).toHaveLength(2);
    expect(server.callsTo('POST', '/refresh')).toHaveLength(1);
  });

  it('does not refresh for logout, refresh itself, or tokens of another authentication type', async () => {
    server.on('POST', '/logout', { status: 401 }).on('GET', '/x', { status: 401 });
    await expect(api.post('/logout')).rejects.toMatchObject({ status: 401 });

    setToken(fakeToken({ ...demoClaims, authentication_type: 2 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(server.callsTo('POST', '/refresh')).toHaveLength(0);
  });

  it('surfaces the server message and a network failure as ApiError', async () => {
    server.on('GET', '/bad', { status: 409, data: { message: 'Nije moguće.' } });
    await expect(api.get('/bad')).rejects.toMatchObject({ status: 409, serverMessage: 'Nije moguće.' });
    server.on('GET', '/down', () => {
      throw new Error('socket hang up');
    });
    await expect(api.get('/down')).rejects.toMatchObject({ status: 0, serverMessage: undefined });
  });
});

describe('API client as axios sends it (at the adapter edge)', () => {
  let sent: InternalAxiosRequestConfig[];

  /** An adapter that records what axios hands it and answers `status` with `body`. */
  function answer(status: number, body: unknown) {
    sent = [];
    setApiAdapter(async (config) => {
      sent.push(config);
      return adapterAnswer(config, status, body);
    }, '/api');
  }

  beforeEach(() => restoreApi());
  afterEach(() => setApiAdapter(null, ''));

  it('sends JSON with its content type, the query string without empty values, the token, and a time limit', async () => {
    answer(200, { ok: true });
    const response = await api.post<{ ok: boolean }>(
      '/ontv/plan-change',
      { plan: 'maxon' },
      { params: { plan: 'maxon', none: undefined, n: 2 } },
    );
    expect(response).toMatchObject({ status: 200, data: { ok: true } });
    const [config] = sent as [InternalAxiosRequestConfig];
    expect(api.getUri(config)).toBe('/api/ontv/plan-change?plan=maxon&n=2');
    expect(config.method).toBe('post');
    expect(config.data).toBe('{"plan":"maxon"}');
    expect(config.headers.toJSON()).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${oldToken}`,
    });
    expect(config.timeout).toBe(20_000);
  });

  it('sends no body without data', async () => {
    answer(204, '');
    await expect(api.post('/ontv/deactivate')).resolves.toMatchObject({ status: 204 });
    expect(sent[0]!.data).toBeUndefined();
  });

  it("turns a proxy's HTML error page into an ApiError with its status, and an unreachable server into status 0", async () => {
    answer(502, '<html>Bad Gateway</html>');
    await expect(api.get('/ontv/plans')).rejects.toMatchObject({ status: 502, serverMessage: undefined });
    setApiAdapter(async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    });
    await expect(api.get('/ontv/plans')).rejects.toMatchObject({ status: 0 });
    setApiAdapter(async (config) => {
      throw new AxiosError('timeout of 20000ms exceeded', AxiosError.ECONNABORTED, config);
    });
    await expect(api.get('/ontv/plans')).rejects.toBeInstanceOf(ApiError);
  });

  it('reads the JSON error a file download answers instead of the file', async () => {
    answer(404, new Blob([JSON.stringify({ message: 'Račun nije pronađen.' })], { type: 'application/json' }));
    await expect(api.get('/ontv/invoice.pdf', { responseType: 'blob' })).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Račun nije pronađen.',
    });
  });

  it('cancels a call the page no longer needs: the request carries its signal, and the call rejects as cancelled, not as an ApiError', async () => {
    sent = [];
    setApiAdapter(
      (config) =>
        new Promise((_, reject) => {
          sent.push(config);
          config.signal?.addEventListener?.('abort', () =>
            reject(new AxiosError('canceled', AxiosError.ERR_CANCELED, config)),
          );
        }),
    );
    const controller = new AbortController();
    const pending = calls.plans({ signal: controller.signal });
    await waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    const reason = await pending.catch((error: unknown) => error);
    expect(reason).not.toBeInstanceOf(ApiError);
    expect((reason as Error).name).toBe('CanceledError');
  });
});
