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

/** Every error the API answers with carries a human-readable (Bosnian) message. */
export const errorResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    code: z.optional(z.string()),
  }),
);
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The three remotes of the portal: the one list of the apps besides the host. Each lives in
 * `remotes/<name>/` (npm's workspaces in package.json name the same folders; a test holds them to this
 * list) and the server serves each under `/remotes/<name>/`.
 */
export const REMOTE_NAMES = ['catalogue', 'account', 'onboarding'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Every app of the customer portal and its folder: the host, then the remotes (the support console's
 * two are in contract/staff.ts, outside the customer pages' singleton).
 */
export const APP_DIRS = {
  host: 'host',
  ...(Object.fromEntries(REMOTE_NAMES.map((name) => [name, `remotes/${name}`])) as Record<
    RemoteName,
    `remotes/${RemoteName}`
  >),
} as const;
export type AppName = keyof typeof APP_DIRS;
