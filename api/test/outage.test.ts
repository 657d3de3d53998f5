/**
 * A service the API depends on out of reach is a 503 with a Bosnian message and Retry-After, never a
 * bare 500 (docs/deploy/README.md, Runbook): the card processor (Stripe with no network, as here), and
 * PostgreSQL behind a line that is cut and then mended.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { ERROR_TEXTS } from '../src/texts/errors';
import { customerToken, startApi, testCustomer } from './harness';
import { freshDatabase } from '../../test/lib/postgres';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { device } from './harness/signIn';

const unavailable = (message: string) => ({ message, code: 'UNAVAILABLE' });

describe('the card processor out of reach', () => {
  it('answers a new card with 503 and Retry-After, and the customer reads why', async () => {
    // The real Stripe client, with no network to reach Stripe by: its connection error, as in an outage.
    const api = await startApi({
      engine: 'pglite',
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: 'whsec_offline',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      },
    });
    try {
      const { email } = await testCustomer(api.db, { nextPaymentOn: '2026-03-20' });
      const card = await api.call('POST', '/credit-card', { token: await customerToken(api, email) });
      assert.deepEqual([card.status, card.body], [503, unavailable(ERROR_TEXTS.processorUnavailable)]);
      assert.equal(card.headers.get('retry-after'), '30');
    } finally {
      await api.close();
    }
  });
});

/** A line to PostgreSQL that the test can cut (every connection dropped, new ones refused) and mend. */
async function line(target: URL) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    cut: () => {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    mend: () => {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL out of reach', () => {
    it('answers 503 with Retry-After while the database cannot be reached, and serves again once it can', async () => {
      const fresh = await freshDatabase(process.env.TEST_DATABASE_URL!, 'ontv_outage');
      const proxied = await line(new URL(fresh.url));
      const api = await startApi({ engine: 'postgres', databaseUrl: proxied.url, env: { SANDBOX: '1' } });
      try {
        const { email } = await testCustomer(api.db, { nextPaymentOn: '2026-03-20' });
        const login = () =>
          api.call('POST', '/login', { body: { username: email, password: DEMO_CUSTOMER.password, ...device } });
        assert.equal((await login()).status, 200);
        proxied.cut();
        const refused = await login();
        assert.deepEqual([refused.status, refused.body], [503, unavailable(ERROR_TEXTS.unavailable)]);
        assert.equal(refused.headers.get('retry-after'), '30');
        proxied.mend();
        assert.equal((await customerToken(api, email)).length > 0, true, 'signs in again once the line is back');
      } finally {
        proxied.mend();
        await api.close();
        await proxied.close();
        await fresh.drop();
      }
    });
  });
}
