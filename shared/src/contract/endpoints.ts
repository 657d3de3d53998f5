import { authSection } from './auth';
import { registrationSection } from './registration';
import { passwordResetSection } from './passwordReset';
import { passkeysSection } from './passkeys';
import { pinSection } from './pin';
import { passwordSection } from './password';
import { devicesSection } from './devices';
import { scriptSection } from './script';
import { paymentDataSection } from './paymentData';
import { vouchersSection } from './vouchers';
import { catalogueSection } from './catalogue';
import { accountSection } from './account';
import { subscriptionSection } from './subscription';
import { pauseSection } from './pause';
import { planChangeSection } from './planChange';
import { cardsSection } from './cards';
import { paymentsSection } from './payments';
import { sandboxSection } from './sandbox';
import { staffSignInSection } from './support/signIn';
import { staffPasskeysSection } from './support/passkeys';
import { staffSearchSection } from './support/search';
import { staffCustomersSection } from './support/customers';
import { staffRefundsSection } from './support/refunds';
import { staffAuditSection } from './support/audit';
import { staffReconciliationSection } from './support/reconciliation';
import { staffPricesSection } from './support/prices';
import { staffVouchersSection } from './support/vouchers';

/**
 * Every call of the API in one table: its method, its path, what its body and answer look like, and who
 * may make it (`access`, endpoint.ts). The page's calls (`calls.<name>()` of @portal/shared, the support
 * console's with its staff token) and the API's routes (`route` and `staffRoute` in api/src/http/) are
 * all made from it, so a call whose body or answer breaks the contract fails the type check on either
 * side. docs/decisions/003-endpoint-table.md says why this is our own small table and not a library, and
 * 059-one-endpoint-table.md why it is one table for the portal and the console.
 *
 * Each feature's calls are a section in the feature's own contract file, beside its schemas, named as
 * the pages and the API name the feature (pin.ts: `checkPin`, `changePin`; the console's, whose names all
 * start with `staff`, under support/). Names are unique across the table; a path's `{product}` is the
 * configured product code (`ontv`), every other `{name}` a parameter the caller gives. A schema that
 * depends on the product (`ontvPlanId`) is a function of it.
 *
 * The API imports the table (`@portal/shared/contract/endpoints`); the page's client does not carry it
 * whole: it finds a call by its name through the sections (shared/src/api/sections.ts), so that no portal
 * page's first visit carries the console's calls.
 */
export const endpoints = {
  // The customer portal's calls
  ...authSection,
  ...registrationSection,
  ...passwordResetSection,
  ...passkeysSection,
  ...pinSection,
  ...passwordSection,
  ...devicesSection,
  ...scriptSection,
  ...paymentDataSection,
  ...vouchersSection,
  ...catalogueSection,
  ...accountSection,
  ...subscriptionSection,
  ...pauseSection,
  ...planChangeSection,
  ...cardsSection,
  ...paymentsSection,
  ...sandboxSection,
  // The support console's (contract/support/, `/staff/…`)
  ...staffSignInSection,
  ...staffPasskeysSection,
  ...staffSearchSection,
  ...staffCustomersSection,
  ...staffRefundsSection,
  ...staffAuditSection,
  ...staffReconciliationSection,
  ...staffPricesSection,
  ...staffVouchersSection,
} as const;
