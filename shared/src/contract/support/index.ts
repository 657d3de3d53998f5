/**
 * `@portal/shared/contract/support`: the support console's contract (docs/decisions/032-support-console.md),
 * bundled by the console and read by the API, outside the customer pages' singleton. Each area's schemas
 * and its calls, a section of the one table (contract/endpoints.ts), live in a file named as the console's
 * folder of that area names it (remotes/support/src/signin/ and signIn.ts, prices/ and prices.ts, …); this
 * module hands the schemas and the texts on, so an importer names one module. The calls are under
 * `/api/staff`: no customer token opens any of them and no staff token opens a customer's. They are
 * signed with keys of their own and name an audience of their own; their `access` is `public`
 * (sign-in) or a staff one.
 */
export { STAFF_TEXTS } from '../../texts/staff';
export { PRICE_TEXTS } from '../../texts/prices';
export { VOUCHER_STAFF_TEXTS } from '../../texts/staff';
export * from './fields';
export * from './signIn';
export * from './passkeys';
export * from './search';
export * from './customers';
export * from './refunds';
export * from './audit';
export * from './reconciliation';
export * from './prices';
export * from './vouchers';
