/**
 * The texts more than one app reads, or both the pages and the API (docs/conventions.md): React-free, so the API
 * imports them as `@portal/shared/texts`. The support console's own (staff.ts) come with its contract,
 * `@portal/shared/contract/support`, outside the customer pages' singleton. Texts quoted by the specification are verbatim.
 */
export * from './common';
export * from './fields';
export * from './invoice';
export * from './phone';
export * from './pin';
