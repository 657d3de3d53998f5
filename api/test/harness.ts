/**
 * What the API tests share, the one module they import. Its parts are in api/test/harness/: the server
 * started on a fresh database (server.ts) and the calls to it (client.ts), customers, cards and
 * registrations made for a test (customers.ts), signing in as a customer or a member of staff (signIn.ts),
 * a passkey authenticator in software (authenticator.ts), a message sender like the API's (sender.ts), and
 * a built portal on disk for the pages the server stitches (builtPortal.ts).
 */
import type { Db } from '../src/db/db';
import { linkHeader, preloadHints } from '../src/http/preload';
import type { StartedApi } from './harness/server';

export { engines, NO_SANDBOX_PROCESSOR, startApi } from './harness/server';
export type { Engine, StartedApi, StartOptions } from './harness/server';
export {
  addCard,
  CARD_HOLDER,
  completeRegistration,
  payOrder,
  saveTestCard,
  seedDueRenewals,
  testCustomer,
} from './harness/customers';
export { SoftAuthenticator } from './harness/authenticator';
export { builtPortal } from './harness/builtPortal';
export { testSender } from './harness/sender';
export { ATTACK_LIMITS, customerToken, decodeJwt, device, STAFF_PASSWORD, staffToken } from './harness/signIn';

export async function countRows(db: Db, table: string): Promise<number> {
  const rows = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return rows[0]?.count ?? 0;
}

/** What `call` answers. */
export type Answer = Awaited<ReturnType<StartedApi['call']>>;

/** `n` calls at once; answers their statuses counted, and the answers. */
export async function burst(n: number, call: (i: number) => Promise<Answer>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return { answers, counts };
}

/** The `Link` header the server sends with the portal's page at `pathname` when the browser draws it. */
export const preloadLinks = (root: string, pathname: string, product: string) =>
  linkHeader(preloadHints(root, pathname, product));
