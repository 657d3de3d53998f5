/**
 * A start asks Stripe once whether STRIPE_SECRET_KEY is a key it knows (money/processor/stripeKey.ts): a
 * made-up key stops the start in one line without the key, Stripe out of reach is a warning, a good key
 * starts. Stripe here is a local stand-in at STRIPE_API_URL that answers as Stripe does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { freePort } from '../../test/lib/postgres';
import { PRODUCTION_SETTINGS } from '../../test/lib/productionSettings';
import { tempDir } from '../../test/lib/tempDir';
import { startUntilReady } from './harness/production';

const MADE_UP = 'sk_live_madeup0123456789abcdef';

/** Stripe's answer to GET /v1/balance: the balance for `known`, 401 for any other key. */
async function stripeStandIn(known: string) {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    response.setHeader('content-type', 'application/json');
    if (key === known) return response.end(JSON.stringify({ object: 'balance', available: [], pending: [] }));
    response.statusCode = 401;
    const masked = `${key.slice(0, 8)}****${key.slice(-4)}`;
    response.end(
      JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, asked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The server as an operator starts it in production, until it is ready or stops: what it printed. */
async function start(env: Record<string, string>): Promise<{ ready: boolean; code: number | null; log: string }> {
  return startUntilReady({
    ...process.env,
    ...PRODUCTION_SETTINGS,
    DATA_DIR: tempDir('ontv-stripe-key-'),
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SMTP_URL: 'smtp://portal:secret@127.0.0.1:9',
    BILLING_INTERVAL_MINUTES: '0',
    ...env,
  });
}

describe('a start checks STRIPE_SECRET_KEY with Stripe', () => {
  it('refuses a key Stripe does not know, in one line without the key, and starts with one it knows', async () => {
    const stripe = await stripeStandIn('sk_test_settings');
    try {
      const refused = await start({
        STRIPE_API_URL: stripe.url,
        STRIPE_SECRET_KEY: MADE_UP,
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      });
      assert.equal(refused.ready, false, refused.log);
      assert.equal(refused.code, 1);
      assert.match(
        refused.log,
        /STRIPE_SECRET_KEY: Stripe does not accept this live key \(authentication failed\): copy the secret key from Stripe's dashboard/,
      );
      assert.doesNotMatch(refused.log, /madeup|cdef/, 'never the key, whole or in part');
      assert.deepEqual(stripe.asked, ['GET /v1/balance'], 'one cheap call, no retry');

      const started = await start({ STRIPE_API_URL: stripe.url });
      assert.equal(started.ready, true, started.log);
      assert.doesNotMatch(started.log, /STRIPE_SECRET_KEY/);
    } finally {
      await stripe.close();
    }
  });

  it('starts with a warning when Stripe cannot be reached', async () => {
    const started = await start({ STRIPE_API_URL: `http://127.0.0.1:${await freePort()}` });
    assert.equal(started.ready, true, started.log);
    assert.match(started.log, /STRIPE_SECRET_KEY could not be checked: Stripe did not answer/);
  });
});
