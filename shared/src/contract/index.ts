/**
 * The contract between the portal and its API service: every request and response shape as a zod
 * schema. The browser apps parse responses with it and the reference API validates requests with it.
 */
export * from './common';
export * from './apps';
export * from './auth';
export * from './account';
export * from './catalogue';
export * from './customer';
export * from './vouchers';
export * from './registration';
export * from './payments';
export * from './paths';
export * from './endpoint';
export * from './endpoints';
export * from './username';
export * from './text';
export * from './subscription';
export * from './operator';
export * from './portalConfig';
