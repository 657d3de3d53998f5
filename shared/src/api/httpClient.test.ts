import { describe, expect, it } from '@jest/globals';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { adapterAnswer } from '../testing/fake-api';
import { ApiError } from './errors';
import { createHttpClient, requestOf, type HttpClientOptions } from './httpClient';

/** The console's bundled copy of ApiError stands in for "a class the factory does not import itself". */
class CallerApiError extends ApiError {}

type Reply = { status: number; data?: unknown } | 'unreachable';

/** A client whose adapter records what axios hands it and answers each request with the next reply. */
function clientAnswering(replies: Reply[], options: Partial<HttpClientOptions> = {}) {
  const sent: InternalAxiosRequestConfig[] = [];
  const client = createHttpClient({ ApiError: CallerApiError, ...options });
  client.setAdapter(async (config) => {
    sent.push(config);
    const reply = replies.shift() ?? { status: 200 };
    if (reply === 'unreachable') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    return adapterAnswer(config, reply.status, reply.data);
  });
  return { client, sent };
}

describe('createHttpClient', () => {
  it('makes every client alike: XMLHttpRequest, a time limit of 20 s, JSON asked for', () => {
    const { instance } = createHttpClient({ ApiError });
    expect(instance.defaults.adapter).toBe('xhr');
    expect(instance.defaults.timeout).toBe(20_000);
    expect(instance.defaults.headers.Accept).toBe('application/json');
  });

  it('answers at the adapter a test sets, and goes back to the network with null', async () => {
    const { client, sent } = clientAnswering([{ status: 200, data: { ok: true } }]);
    await expect(client.instance.get('/x')).resolves.toMatchObject({ data: { ok: true } });
    expect(sent).toHaveLength(1);
    client.setAdapter(null);
    expect(client.instance.defaults.adapter).toBe('xhr');
  });

  it('adds the base URL and the token of the moment, unless the request names its own', async () => {
    let token: string | null = 'first';
    let base = '/api';
    const { client, sent } = clientAnswering([], { baseURL: () => base, token: () => token });
    await client.instance.get('/a');
    token = 'second';
    base = '/v2';
    await client.instance.get('/b');
    await client.instance.get('/c', { headers: { Authorization: 'Bearer challenge' } });
    token = null;
    await client.instance.get('/d');
    expect(sent.map((config) => [config.baseURL, config.headers.get('Authorization')])).toEqual([
      ['/api', 'Bearer first'],
      ['/v2', 'Bearer second'],
      ['/v2', 'Bearer challenge'],
      ['/v2', undefined],
    ]);
  });

  it("with sendAgain, rejects with the caller's ApiError: the status, the server's message and code, status 0 unreached", async () => {
    const { client } = clientAnswering(
      [{ status: 409, data: { message: 'Već postoji.', code: 'CONFLICT' } }, 'unreachable'],
      {
        sendAgain: async () => null,
      },
    );
    const failed = await client.instance.get('/x').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(CallerApiError);
    expect(failed).toMatchObject({ status: 409, serverMessage: 'Već postoji.', code: 'CONFLICT', url: '/x' });
    await expect(client.instance.get('/y')).rejects.toMatchObject({ status: 0, url: '/y' });
  });

  it('sends a failed request once more when sendAgain says so, and keeps the first failure when it refuses', async () => {
    const { client, sent } = clientAnswering(
      [{ status: 401 }, { status: 200, data: { again: true } }, { status: 401, data: { message: 'Prvi.' } }],
      {
        sendAgain: async (config, response) => {
          if (config.url === '/refused') throw new Error('refresh failed');
          return response.status === 401 ? { ...config, url: '/again' } : null;
        },
      },
    );
    await expect(client.instance.get('/x')).resolves.toMatchObject({ data: { again: true } });
    expect(sent.map((config) => config.url)).toEqual(['/x', '/again']);
    await expect(client.instance.get('/refused')).rejects.toMatchObject({ status: 401, serverMessage: 'Prvi.' });
  });

  it("reads the JSON error a file request answers, and leaves a cancelled request axios's", async () => {
    const error = new Blob([JSON.stringify({ message: 'Nema ga.' })], { type: 'application/json' });
    const { client } = clientAnswering([{ status: 404, data: error }], { sendAgain: async () => null });
    await expect(client.instance.get('/f', { responseType: 'blob' })).rejects.toMatchObject({
      serverMessage: 'Nema ga.',
    });
    const controller = new AbortController();
    controller.abort();
    const cancelled = await client.instance.get('/c', { signal: controller.signal }).catch((reason: unknown) => reason);
    expect(cancelled).not.toBeInstanceOf(ApiError);
    expect((cancelled as Error).name).toBe('CanceledError');
  });

  it("without sendAgain, rejects with axios's errors, which failureOf turns into the caller's ApiError", async () => {
    const { client } = clientAnswering([
      { status: 403, data: { message: 'Zabranjeno.', code: 'FORBIDDEN' } },
      'unreachable',
    ]);
    const refused = await client.instance.get('/x').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AxiosError);
    const failure = client.failureOf(refused, '/staff/:id');
    expect(failure).toBeInstanceOf(CallerApiError);
    expect(failure).toMatchObject({ status: 403, serverMessage: 'Zabranjeno.', code: 'FORBIDDEN', url: '/staff/:id' });
    const unreached = await client.instance.get('/y').catch((error: unknown) => error);
    expect(client.failureOf(unreached, '/y')).toMatchObject({ status: 0, serverMessage: undefined });
    expect(client.failureOf(new Error('not a call'), '/z')).toMatchObject({ status: 0, url: '/z' });
  });

  it("reads the server's message and code each on its own, as strings only", async () => {
    const { client } = clientAnswering(
      [
        { status: 502, data: { message: 'Prolaz ne radi.', code: 502 } },
        { status: 503, data: { code: 'DOWN' } },
        { status: 500, data: 'plain text' },
      ],
      { sendAgain: async () => null },
    );
    await expect(client.instance.get('/a')).rejects.toMatchObject({
      serverMessage: 'Prolaz ne radi.',
      code: undefined,
    });
    await expect(client.instance.get('/b')).rejects.toMatchObject({ serverMessage: undefined, code: 'DOWN' });
    await expect(client.instance.get('/c')).rejects.toMatchObject({ status: 500, serverMessage: undefined });
  });

  it('takes every status as an answer when validateStatus says so (the processor)', async () => {
    const { client } = clientAnswering([{ status: 402, data: { declined: true } }], {
      validateStatus: () => true,
    });
    await expect(client.instance.post('/pay', {})).resolves.toMatchObject({ status: 402, data: { declined: true } });
  });
});

describe('requestOf', () => {
  it('maps a call input onto the request axios sends', () => {
    const signal = new AbortController().signal;
    expect(
      requestOf('POST', '/ontv/x', {
        body: { a: 1 },
        query: { q: 'v' },
        headers: { H: '1' },
        signal,
        params: { id: '7' },
      }),
    ).toEqual({ method: 'POST', url: '/ontv/x', data: { a: 1 }, params: { q: 'v' }, headers: { H: '1' }, signal });
  });
});
