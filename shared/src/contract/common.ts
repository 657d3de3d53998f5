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

/**
 * Every error the API answers with carries a human-readable (Bosnian) message.
 * @deprecated The clients read the message and the code each on its own (docs/decisions/043-one-http-client-factory.md); kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export const errorResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    code: z.optional(z.string()),
  }),
);
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
