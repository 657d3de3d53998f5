import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import type { Endpoint } from '@portal/shared/contract';
import { endpoints } from '@portal/shared/contract/endpoints';
import { fastifyPath, route } from '../src/http/route';
import { staffRoute } from '../src/http/staffRoute';
import { startApi, type StartedApi } from './harness';

/** Served under /api but not the portal's calls: a load balancer's and the card processor's. */
const OUTSIDE_THE_TABLE = ['GET /api/health', 'GET /api/ready', 'POST /api/payments/stripe/webhook'];

describe('the endpoint table', () => {
  let api: StartedApi;
  before(async () => {
    api = await startApi({ engine: 'pglite' });
  });
  after(async () => {
    await api?.close();
  });

  it('is what the API serves: every entry has its route, and every route under /api has its entry', () => {
    const table = Object.values(endpoints).map((e) => `${e.method} /api${fastifyPath(e.path, 'ontv')}`);
    const served = api.routes.filter((r) => / \/api\//.test(r) && !OUTSIDE_THE_TABLE.includes(r));
    assert.deepEqual([...served].sort(), [...table].sort());
  });

  it('answers 401 without a token on every support console call but sign-in, before it reads the body', async () => {
    for (const [name, e] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
      if (e.access === 'public' || e.access === 'customer') continue;
      const path = fastifyPath(e.path, 'ontv').replace(/:(\w+)/g, 'x');
      const response = await api.call(e.method, path, e.body ? { body: {} } : {});
      assert.equal(response.status, 401, name);
    }
  });

  it('answers 401 without a token wherever the table says a customer is needed, before it reads the body', async () => {
    for (const [name, e] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
      if (e.access !== 'customer') continue;
      const path = fastifyPath(e.path, 'ontv').replace(/:(\w+)/g, 'x');
      // An empty body breaks every body schema: a 400 here would mean the body was read first.
      const response = await api.call(e.method, path, e.body ? { body: {} } : {});
      assert.equal(response.status, 401, name);
    }
  });

  it('serves each call through its own guard: route refuses a console call, staffRoute a portal call', () => {
    const [app, answer] = [Fastify(), async (): Promise<never> => Promise.reject(new Error('not served'))];
    // The types refuse both already; the guards hold for a table entry that was typed loosely.
    assert.throws(() => route(app, api.ctx, endpoints.staffMe as never, answer), /staffRoute/);
    assert.throws(() => staffRoute(app, api.ctx, endpoints.login as never, answer), /serve it with route/);
  });
});
