import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';

/** The product code used in call paths (`/{product}/...`, `/{product}-payments`) and storage keys. */
export const DEFAULT_PRODUCT = 'ontv';

export const productCodeSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(
      z.regex(/^[a-z][a-z0-9]{1,19}$/, 'product must be 2-20 lower-case letters or digits, starting with a letter'),
    ),
);
