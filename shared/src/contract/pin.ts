import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { PIN_RULE_TEXTS } from '../texts/pin';

/* The customer's four-digit PIN (product.md §5, PIN): checking it and changing it (remotes/account/src/pin/). */

/** PIN: exactly 4 digits (product.md §5, PIN). */
export const pinSchema = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^\d{4}$/, PIN_RULE_TEXTS.format)));

/** `POST /customer/check-pin` (product.md §7): 200 when right, 400 when wrong, 429 while locked. */
export const checkPinRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ pin: pinSchema }));

/**
 * `POST /customer/change-pin` (product.md §7): one call checks the old PIN against the lock and saves
 * the new one. 200 when changed; a refusal's `code` says which (PIN_REFUSALS), and the check-pin call
 * answers with the same codes. The old PIN counts once against the lock (5 wrong, then 15 minutes).
 */
export const changePinRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ oldPin: pinSchema, newPin: pinSchema }),
);

/** The codes of the PIN calls' refusals (product.md §8): a wrong old PIN (400) and the lock (429, its message says until when). */
export const PIN_REFUSALS = { wrong: 'WRONG_PIN', locked: 'PIN_LOCKED' } as const;

/** The PIN's calls, a section of the one table (endpoints.ts). */
export const pinSection = {
  checkPin: { method: 'POST', path: '/customer/check-pin', body: checkPinRequestSchema, access: 'customer' },
  changePin: {
    method: 'POST',
    path: '/customer/change-pin',
    body: changePinRequestSchema,
    access: 'customer',
  },
} as const satisfies Section;
