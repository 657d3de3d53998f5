/**
 * Hostile input (product.md §10): thousands of malformed, oversized and wrongly typed bodies, headers, query
 * strings and path parameters to every endpoint of the API and the sandbox processor. Nothing may
 * answer 5xx, show a stack trace, or change the database.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as contract from '@portal/shared/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';
import type { Db } from '../src/db/db';
import { device, engines, startApi, type StartedApi } from './harness';

type Shape = { _zod: { def: { shape: Record<string, unknown> } } };
const fieldsOf = (schema: unknown) => Object.keys((schema as Shape)._zod.def.shape);

interface Endpoint {
  method: string;
  path: string;
  /** The request body's fields, from the contract; null: the endpoint takes no body. */
  fields: string[] | null;
  /** Under /api (else: the sandbox processor, at the server's root). */
  api?: boolean;
}

const UUID = '00000000-0000-4000-8000-000000000000';
const e = (method: string, path: string, schema: unknown | null, api = true): Endpoint => ({
  method,
  path,
  fields: schema === null ? null : fieldsOf(schema),
  api,
});

/**
 * Every endpoint; `:id` is replaced by hostile values too. Bodies are always wrong in at least one
 * field, so none of them is a valid request that may change something.
 */
const ENDPOINTS: Endpoint[] = [
  e('POST', '/login', contract.loginRequestSchema),
  e('POST', '/refresh', contract.refreshRequestSchema),
  e('POST', '/logout', null),
  e('POST', '/start-registration', contract.startRegistrationRequestSchema),
  e('POST', '/approve/sms', contract.approveSmsRequestSchema),
  e('POST', '/approve/mail', contract.approveMailRequestSchema),
  e('POST', '/resend/sms', contract.resendRequestSchema),
  e('POST', '/continue-registration', contract.continueRegistrationRequestSchema),
  e('POST', '/finish-registration', contract.finishRegistrationRequestSchema),
  e('POST', '/forgot-password/check-username', contract.checkUsernameRequestSchema),
  e('POST', '/forgot-password/approve-code', contract.approveResetCodeRequestSchema),
  e('POST', '/forgot-password/resend-code', contract.resendResetCodeRequestSchema),
  e('POST', '/forgot-password/reset', contract.resetPasswordRequestSchema),
  e('POST', '/customer/change-password', contract.changePasswordRequestSchema),
  e('POST', '/customer/change-pin', contract.changePinRequestSchema),
  e('POST', '/customer/check-pin', contract.checkPinRequestSchema),
  e('GET', '/customer/payment-data', null),
  e('GET', '/ontv/accountInfo', null),
  e('GET', '/ontv/deactivate', null),
  e('GET', '/ontv/reactivateWithoutPayment', null),
  e('GET', '/ontv/plans', null),
  e('GET', '/credit-card', null),
  e('PATCH', '/credit-card/:id', contract.cardHolderSchema),
  e('PATCH', '/credit-card/primary/:id', null),
  e('DELETE', '/credit-card/:id', null),
  e('POST', '/ontv-payments/new-account/order', contract.paymentOrderRequestSchema('ontv')),
  e('GET', '/ontv-payments', null),
  e('GET', '/ontv-payments/:id', null),
  e('GET', '/ontv-payments/new-account/payment-info/:id', null),
  e('POST', '/ontv/createSubscriptionInPromoPeriod', contract.promoSubscriptionRequestSchema),
  e('GET', '/dev/outbox', null),
  e(
    'POST',
    '/sandbox-pay/v1/setup_intents/:id/confirm',
    { _zod: { def: { shape: { client_secret: 0, card: 0 } } } },
    false,
  ),
  e(
    'POST',
    '/sandbox-pay/v1/payment_intents/:id/confirm',
    { _zod: { def: { shape: { client_secret: 0, cvc: 0 } } } },
    false,
  ),
  e(
    'POST',
    '/sandbox-pay/v1/intents/:id/challenge',
    { _zod: { def: { shape: { client_secret: 0, approve: 0 } } } },
    false,
  ),
];

/** Values of the wrong type for any field (a string field gets a number, an object, ...), and one too long for the body limit. */
const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });
const WRONG_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  null,
  0,
  -1,
  1e308,
  true,
  [],
  {},
  ['a'],
  { $gt: '' },
  [[[[[]]]]],
  deep(200),
  { toString: 'x' },
];
const WRONG_STRINGS_AS_JSON = ['"' + 'x'.repeat(70_000) + '"'];

/** Whole bodies that are not what any endpoint takes. */
const RAW_BODIES: Array<{ body: string; type?: string }> = [
  { body: '{' },
  { body: 'null' },
  { body: '[]' },
  { body: '"text"' },
  { body: '12345' },
  { body: '{"__proto__": {"admin": true}}' },
  { body: '{"constructor": {"prototype": {"admin": true}}}' },
  { body: '['.repeat(3000) + ']'.repeat(3000) },
  { body: JSON.stringify({ a: 'x'.repeat(80_000) }) },
  { body: '\uFEFF{}' },
  { body: '{"a":1}', type: 'text/plain' },
  { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  {
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    type: 'multipart/form-data; boundary=x',
  },
  { body: '{"a":1}', type: 'application/json; charset=utf-16' },
  { body: '\u0000\u0001\u0002' },
];

const HOSTILE_IDS = [
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  'a'.repeat(3000),
  '%E0%A4%A',
  '-1',
  '1e999',
  UUID,
  '2026-000001',
  '%F0%9F%92%A9',
  '__proto__',
  'constructor',
];
const HOSTILE_QUERIES = [
  '?a=1&a=2&__proto__[x]=1&constructor[prototype][x]=1',
  `?${'a=1&'.repeat(1500)}`,
  '?to=%00',
  '?to=%E0%A4%A',
  `?to=${'9'.repeat(500)}`,
  '?to[]=1&to[]=2',
  '?to=%27%20OR%201%3D1--',
];

/** A digest of every table's rows: equal before and after means nothing changed. */
async function digest(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  const result: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await db.query<{ digest: string | null }>(
      `SELECT md5(string_agg(row_to_json(t)::text, '|' ORDER BY row_to_json(t)::text)) AS digest FROM "${table_name}" t`,
    );
    result[table_name] = row?.digest ?? 'empty';
  }
  return result;
}

const STACK = /\n\s+at |node_modules|\/src\/|\.ts:\d+/;

for (const engine of engines()) {
  describe(`hostile input on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => {
      await api?.close();
    });

    it('never answers 5xx, never shows a stack trace, and changes nothing in the database', async () => {
      // A valid token of the BLOCKED customer: past the login check, refused by every state rule.
      const login = await api.call('POST', '/login', {
        body: { username: 'blokirana@ontv.ba', password: DEMO_CUSTOMER.password, ...device },
      });
      assert.equal(login.status, 200);
      const token = (login.body as { token: string }).token;
      const before = await digest(api.db);

      let sent = 0;
      const problems: string[] = [];
      const send = async (
        endpoint: Endpoint,
        path: string,
        options: { body?: string; type?: string; auth?: string | null; headers?: Record<string, string> },
      ) => {
        const url = `${api.url}${endpoint.api === false ? '' : '/api'}${path}`;
        const headers: Record<string, string> = { ...options.headers };
        if (options.body !== undefined) headers['content-type'] = options.type ?? 'application/json';
        if (options.auth) headers.authorization = options.auth;
        let status = 0;
        let text = '';
        try {
          const response = await fetch(url, {
            method: endpoint.method,
            headers,
            body: endpoint.method === 'GET' ? undefined : options.body,
          });
          status = response.status;
          text = await response.text();
        } catch (error) {
          problems.push(`${endpoint.method} ${path.slice(0, 100)}: no answer (${(error as Error).message})`);
          return;
        }
        sent += 1;
        if (status >= 500)
          problems.push(
            `${endpoint.method} ${path.slice(0, 100)} ${options.body?.slice(0, 60) ?? ''}: ${status} ${text.slice(0, 120)}`,
          );
        else if (STACK.test(text))
          problems.push(`${endpoint.method} ${path.slice(0, 100)}: a stack trace in ${text.slice(0, 120)}`);
      };

      for (const endpoint of ENDPOINTS) {
        const paths = endpoint.path.includes(':id')
          ? [endpoint.path.replace(':id', UUID), ...HOSTILE_IDS.map((id) => endpoint.path.replace(':id', id))]
          : [endpoint.path];
        // Logging out with the valid token would be a valid request; `/dev/billing` takes an empty body, so it is not here.
        const auths =
          endpoint.path === '/logout'
            ? [null, 'Bearer x.y.z']
            : [`Bearer ${token}`, null, 'Bearer x.y.z', `Basic ${'a'.repeat(40)}`];
        for (const auth of auths) {
          for (const path of paths) {
            await send(endpoint, path, { auth });
            for (const query of HOSTILE_QUERIES.slice(0, auth === null ? HOSTILE_QUERIES.length : 2))
              await send(endpoint, path + query, { auth });
          }
          if (endpoint.method === 'GET') continue;
          const path = paths[0]!;
          for (const raw of RAW_BODIES) await send(endpoint, path, { body: raw.body, type: raw.type, auth });
          for (const field of endpoint.fields ?? ['any']) {
            const base = Object.fromEntries((endpoint.fields ?? []).map((f) => [f, 'x']));
            for (const value of WRONG_VALUES)
              await send(endpoint, path, { body: JSON.stringify({ ...base, [field]: value }), auth });
            for (const raw of WRONG_STRINGS_AS_JSON) await send(endpoint, path, { body: `{"${field}": ${raw}}`, auth });
            const { [field]: _dropped, ...missing } = Object.fromEntries((endpoint.fields ?? []).map((f) => [f, 0]));
            await send(endpoint, path, { body: JSON.stringify(missing), auth });
          }
          await send(endpoint, path, { body: '{}', auth, headers: { 'idempotency-key': '../../x' } });
          await send(endpoint, path, {
            body: '{}',
            auth,
            headers: { 'x-forwarded-for': 'not an address', 'content-length-extra': 'x'.repeat(8000) },
          });
        }
      }

      assert.deepEqual(problems.slice(0, 15), [], `${problems.length} of ${sent} requests went wrong`);
      assert.ok(sent > 3000, `thousands of requests (${sent})`);
      assert.deepEqual(await digest(api.db), before, 'the database is as it was');
    });
  });
}
