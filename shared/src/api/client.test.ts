import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fakeApi, fakeToken, demoClaims, restoreApi, type FakeApi } from '../testing';
import { authStore } from '../auth/store';
import { getToken, setToken } from '../auth/token';
import { waitFor } from '@testing-library/react';
import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { adapterAnswer } from '../testing/fake-api';
import { calls, download } from './client';
import { setApiAdapter } from './http';
import { ApiError } from './errors';

const oldToken = fakeToken({ ...demoClaims, jti: 'old' });
const newToken = fakeToken({ ...demoClaims, jti: 'new' });

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  setToken(oldToken);
  authStore.getState().bootstrap();
});

/** An invoice's PDF that only the new token opens, as the real call does after expiry; it answers its own path. */
function protectedEndpoint(orderNumber: string) {
  const url = `/ontv-payments/${orderNumber}/pdf`;
  server.on('GET', url, (req) =>
    req.authorization === `Bearer ${newToken}`
      ? { status: 200, data: { url } }
      : { status: 401, data: { message: 'Sesija je istekla.' } },
  );
  return url;
}
/** The invoice's PDF, through the table's file call (its answer is the fake's `{ url }`). */
const pdf = async (orderNumber: string) =>
  (await download.invoicePdf({ params: { orderNumber } })) as unknown as { url: string };
const login = {
  username: 'a@b.ba',
  password: 'x',
  deviceType: 'ontv',
  deviceUsername: 'device-1',
  deviceName: 'Chrome',
};

describe('API client', () => {
  it('adds the bearer token to calls but not to login and refresh', async () => {
    server
      .on('DELETE', '/ontv/plan-change', { status: 200, data: {} })
      .on('POST', '/login', { status: 401 })
      .on('POST', '/refresh', { status: 401 });
    await calls.cancelPlanChange();
    await calls.login({ body: { ...login, devicePassword: 'p'.repeat(64) } }).catch(() => undefined);
    expect(server.callsTo('DELETE', '/ontv/plan-change')[0]?.authorization).toBe(`Bearer ${oldToken}`);
    expect(server.callsTo('POST', '/login')[0]?.authorization).toBeUndefined();
  });

  it("sends the token a call names (the console's) instead of the stored one, or none, and never refreshes it", async () => {
    server
      .on('GET', '/staff/me', { status: 401, data: { message: 'Sesija je istekla.' } })
      .on('POST', '/staff/login', { status: 200, data: { challenge: 'c', next: 'totp' } })
      .on('POST', '/refresh', { status: 200, data: { token: newToken } });
    await expect(calls.staffMe({ token: 'staff-token' })).rejects.toMatchObject({ status: 401 });
    await calls.staffLogin({ body: { email: 'lejla@ontv.ba', password: 'x' }, token: null });
    expect(server.callsTo('GET', '/staff/me').map((c) => c.authorization)).toEqual(['Bearer staff-token']);
    expect(server.callsTo('POST', '/staff/login')[0]?.authorization).toBeUndefined();
    expect(server.callsTo('POST', '/refresh')).toHaveLength(0);
    expect(getToken()).toBe(oldToken);
  });

  it('refreshes once for many requests that fail together, then retries each once', async () => {
    let refreshes = 0;
    server.on('POST', '/refresh', (req) => {
      refreshes += 1;
      expect(req.body).toEqual({ devicePassword: expect.stringMatching(/^[0-9a-f]{64}$/), token: oldToken });
      return { status: 200, data: { token: newToken } };
    });
    const orders = Array.from({ length: 20 }, (_, i) => `${i + 1}`);
    const urls = orders.map(protectedEndpoint);

    const results = await Promise.all(orders.map(pdf));

    expect(results.map((r) => r.url)).toEqual(urls);
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
    const fast = protectedEndpoint('1');
    // Sent with the old token, answered only once the refresh has finished.
    const late = '/ontv-payments/2/pdf';
    server.on('GET', late, async (req) => {
      if (req.authorization === `Bearer ${newToken}`) return { status: 200, data: { url: late } };
      await refreshDone;
      return { status: 401, data: { message: 'Sesija je istekla.' } };
    });

    const results = await Promise.all([pdf('1'), pdf('2')]);

    expect(results.map((r) => r.url)).toEqual([fast, late]);
    expect(refreshes).toBe(1);
    expect(getToken()).toBe(newToken);
  });

  it('logs the user out when the refresh fails', async () => {
    server.on('POST', '/refresh', { status: 401, data: { message: 'Sesija je istekla.' } });
    protectedEndpoint('1');
    protectedEndpoint('2');

    const outcomes = await Promise.allSettled([pdf('1'), pdf('2')]);

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
    const url = protectedEndpoint('3');
    await expect(pdf('3')).resolves.toEqual({ url });
    expect(getToken()).toBe(newToken);
  });

  it('retries a request only once', async () => {
    server
      .on('POST', '/refresh', { status: 200, data: { token: newToken } })
      .on('GET', '/ontv-payments/4/pdf', { status: 401 });
    await expect(pdf('4')).rejects.toMatchObject({ status: 401 });
    expect(server.callsTo('GET', '/ontv-payments/4/pdf')).toHaveLength(2);
    expect(server.callsTo('POST', '/refresh')).toHaveLength(1);
  });

  it('does not refresh for logout, refresh itself, or tokens of another authentication type', async () => {
    server.on('POST', '/logout', { status: 401 }).on('DELETE', '/ontv/plan-change', { status: 401 });
    await expect(calls.logout()).rejects.toMatchObject({ status: 401 });

    setToken(fakeToken({ ...demoClaims, authentication_type: 2 }));
    await expect(calls.cancelPlanChange()).rejects.toMatchObject({ status: 401 });
    expect(server.callsTo('POST', '/refresh')).toHaveLength(0);
  });

  it('surfaces the server message and a network failure as ApiError', async () => {
    server.on('DELETE', '/ontv/plan-change', { status: 409, data: { message: 'Nije moguće.' } });
    await expect(calls.cancelPlanChange()).rejects.toMatchObject({ status: 409, serverMessage: 'Nije moguće.' });
    server.on('POST', '/logout', () => {
      throw new Error('socket hang up');
    });
    await expect(calls.logout()).rejects.toMatchObject({ status: 0, serverMessage: undefined });
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
    answer(200, { code: 'k1' });
    const holder = { fullName: 'Ana Anić', address: 'Ulica 1', city: 'Sarajevo', zip: '71000', country: 'BA' };
    const body = { ...holder, email: 'ana@ontv.ba', phone: '+38761111222' };
    await expect(calls.updateCardHolder({ params: { code: 'k1' }, body })).resolves.toEqual({ code: 'k1' });
    const [config] = sent as [InternalAxiosRequestConfig];
    expect(axios.getUri(config)).toBe('/api/credit-card/k1');
    expect(config.method).toBe('patch');
    expect(JSON.parse(String(config.data))).toEqual(body);
    expect(config.headers.toJSON()).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${oldToken}`,
    });
    expect(config.timeout).toBe(20_000);

    answer(200, []);
    await calls.outbox({ query: { to: 'ana@ontv.ba' } });
    await calls.outbox({ query: { to: undefined } });
    expect(sent.map((read) => axios.getUri(read))).toEqual(['/api/dev/outbox?to=ana%40ontv.ba', '/api/dev/outbox']);
  });

  it('sends no body without data', async () => {
    answer(204, '');
    await expect(calls.logout()).resolves.toBeUndefined();
    expect(sent[0]!.data).toBeUndefined();
  });

  it("turns a proxy's HTML error page into an ApiError with its status, and an unreachable server into status 0", async () => {
    answer(502, '<html>Bad Gateway</html>');
    await expect(calls.plans()).rejects.toMatchObject({ status: 502, serverMessage: undefined });
    setApiAdapter(async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    });
    await expect(calls.plans()).rejects.toMatchObject({ status: 0 });
    setApiAdapter(async (config) => {
      throw new AxiosError('timeout of 20000ms exceeded', AxiosError.ECONNABORTED, config);
    });
    await expect(calls.plans()).rejects.toBeInstanceOf(ApiError);
  });

  it('reads the JSON error a file download answers instead of the file', async () => {
    answer(404, new Blob([JSON.stringify({ message: 'Račun nije pronađen.' })], { type: 'application/json' }));
    await expect(download.invoicePdf({ params: { orderNumber: '7' } })).rejects.toMatchObject({
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

  it("finds a call whose section is not in the first load (a passkey's, the console's) and is no promise itself", async () => {
    answer(200, []);
    await expect(calls.listPasskeys()).resolves.toEqual([]);
    await expect(calls.staffListPasskeys({ token: 'staff-token' })).resolves.toEqual([]);
    expect(sent.map((config) => `${config.url} ${String(config.headers.Authorization)}`)).toEqual([
      `/customer/passkeys Bearer ${oldToken}`,
      '/staff/passkeys Bearer staff-token',
    ]);
    expect(await Promise.resolve(calls)).toBe(calls);
    expect(calls.plans).toBe(calls.plans);
  });
});
