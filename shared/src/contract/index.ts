/**
 * The contract between the portal and its API service: every request and response shape as a zod
 * schema, and each feature's calls, a section of the one table. The browser apps parse responses with
 * it and the reference API validates requests with it. The one table itself (`endpoints`) is the
 * `@portal/shared/contract/endpoints` entry, not this one: the page's singleton does not carry the
 * support console's calls (docs/decisions/059-one-endpoint-table.md).
 */
export * from './common';
export * from './apps';
export * from './auth';
export * from './account';
export * from './catalogue';
export * from './pin';
export * from './password';
export * from './devices';
export * from './cards';
export * from './paymentData';
export * from './script';
export * from './vouchers';
export * from './registration';
export * from './passwordReset';
export * from './payments';
export * from './subscription';
export * from './pause';
export * from './planChange';
export * from './sandbox';
export * from './paths';
export * from './endpoint';
export * from './username';
export * from './text';
export * from './operator';
export * from './portalConfig';
