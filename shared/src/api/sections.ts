/**
 * How the page's client finds a call of the one table (contract/endpoints.ts) by its name without
 * carrying the whole table (docs/decisions/059-one-endpoint-table.md). The sections of the customer
 * portal's own features come with the page's first load, as the table did before it held every call
 * (the query cache reads their `access` when a customer signs out, query.ts). The rest is fetched with
 * the first call that needs it, in two chunks: the passkeys' section (docs/passkeys.md), then the support
 * console's (contract/support/). So no portal page's first visit carries the console's calls, nor the
 * passkeys' schemas. test/contract/one-table.test.ts holds the first load and the later chunks to the
 * table: every call in one of them, as the table has it.
 */
import type { Endpoint, Section } from '../contract/endpoint';
import { authSection } from '../contract/auth';
import { registrationSection } from '../contract/registration';
import { passwordResetSection } from '../contract/passwordReset';
import { pinSection } from '../contract/pin';
import { passwordSection } from '../contract/password';
import { devicesSection } from '../contract/devices';
import { scriptSection } from '../contract/script';
import { paymentDataSection } from '../contract/paymentData';
import { vouchersSection } from '../contract/vouchers';
import { catalogueSection } from '../contract/catalogue';
import { accountSection } from '../contract/account';
import { subscriptionSection } from '../contract/subscription';
import { pauseSection } from '../contract/pause';
import { planChangeSection } from '../contract/planChange';
import { cardsSection } from '../contract/cards';
import { paymentsSection } from '../contract/payments';
import { sandboxSection } from '../contract/sandbox';

/** The sections in the page's first load: every one of the table's but the passkeys' and the console's. */
const FIRST_LOAD: readonly Section[] = [
  authSection,
  registrationSection,
  passwordResetSection,
  pinSection,
  passwordSection,
  devicesSection,
  scriptSection,
  paymentDataSection,
  vouchersSection,
  catalogueSection,
  accountSection,
  subscriptionSection,
  pauseSection,
  planChangeSection,
  cardsSection,
  paymentsSection,
  sandboxSection,
];

/** The section's own call `name` (never a property every object has, such as `toString`). */
const own = (section: Section, name: string): Endpoint | undefined =>
  Object.prototype.hasOwnProperty.call(section, name) ? section[name] : undefined;

/** The call `name` when its section is in the first load; undefined otherwise (a later chunk's, or none). */
export function firstLoadEndpoint(name: string): Endpoint | undefined {
  for (const section of FIRST_LOAD) {
    const found = own(section, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The sections fetched with their first call, in this order, each chunk once (the browser keeps a module
 * it has loaded): the passkeys' (the login form's passkey, the account page's list), then the console's.
 */
const LATER: ReadonlyArray<() => Promise<readonly Section[]>> = [
  () => import(/* webpackChunkName: "passkey-calls" */ '../contract/passkeys').then((m) => [m.passkeysSection]),
  () =>
    import(/* webpackChunkName: "support-calls" */ '../contract/support').then((m) => [
      m.staffSignInSection,
      m.staffPasskeysSection,
      m.staffSearchSection,
      m.staffCustomersSection,
      m.staffRefundsSection,
      m.staffAuditSection,
      m.staffReconciliationSection,
      m.staffPricesSection,
      m.staffVouchersSection,
    ]),
];

/**
 * The call `name` of the table, from the first load or from the first later chunk that has it. A name the
 * table does not have is a programming error (the types of `calls` name the table's).
 */
export async function endpointNamed(name: string): Promise<Endpoint> {
  const first = firstLoadEndpoint(name);
  if (first) return first;
  for (const load of LATER) {
    for (const section of await load()) {
      const found = own(section, name);
      if (found) return found;
    }
  }
  throw new Error(`${name}: no such call in the contract's table (shared/src/contract/endpoints.ts)`);
}
