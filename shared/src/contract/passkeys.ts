import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { plainText } from './text';
import type { Section } from './endpoint';
import { loginResponseSchema } from './auth';

/**
 * Passkeys beside the password (docs/passkeys.md): the WebAuthn options the API hands out and the
 * browser's answers to them, as `@simplewebauthn/browser` writes them (base64url fields), each held to
 * a length so that a forged answer is a 400, never a 500; and their calls, a section of the one table
 * (endpoints.ts). The page's client fetches this module as a chunk of its own with the first passkey call
 * (shared/src/api/sections.ts), so that no page's first visit carries these schemas (the /nalog budget,
 * docs/bench.md).
 */

/** A base64url field of the browser's answer. */
const b64url = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/));

/** The options for `navigator.credentials.create()` or `.get()`: the browser library reads them whole. */
export const passkeyOptionsSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({ challenge: z.string().check(z.minLength(16), z.maxLength(200)) }),
);
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

const credentialBase = () => ({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.optional(z.looseObject({})),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});

/** A new credential (`navigator.credentials.create()`'s answer, as the browser library writes it). */
const passkeyRegistrationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...credentialBase(),
    response: z.looseObject({
      clientDataJSON: b64url(4000),
      attestationObject: b64url(20_000),
      transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
    }),
  }),
);

/** A signed challenge (`navigator.credentials.get()`'s answer, as the browser library writes it). */
export const passkeyAssertionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...credentialBase(),
    response: z.object({
      clientDataJSON: b64url(4000),
      authenticatorData: b64url(4000),
      signature: b64url(1000),
      userHandle: z.optional(b64url(200)),
    }),
  }),
);

/** `POST /customer/passkeys`: the new credential and the name the list shows ('Chrome', a phone's name). */
export const addPasskeyRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ credential: passkeyRegistrationSchema, name: plainText(1, 60) }),
);
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;

/** One of the customer's passkeys as the account page lists it. */
const passkeySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.nullable(z.string()),
  }),
);
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = /* @__PURE__ */ lazySchema(() => z.array(passkeySchema));

/** `POST /login/passkey`: the signed challenge and the device, as a password login sends it. */
const passkeyLoginRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    credential: passkeyAssertionSchema,
    deviceType: plainText(1, 30),
    deviceUsername: plainText(8, 100),
    devicePassword: z.string().check(z.minLength(16), z.maxLength(200)),
    deviceName: plainText(1, 100),
  }),
);
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

/** The customers' passkeys' calls, a section of the one table; the pages call them as any other, `calls.listPasskeys()`. */
export const passkeysSection = {
  /** A challenge any passkey of this portal may sign. */
  passkeyLoginOptions: {
    method: 'POST',
    path: '/login/passkey/options',
    answer: passkeyOptionsSchema,
    access: 'public',
  },
  /** Signing in with a passkey: the challenge signed, then the same device session as `login` starts. */
  passkeyLogin: {
    method: 'POST',
    path: '/login/passkey',
    body: passkeyLoginRequestSchema,
    answer: loginResponseSchema,
    access: 'public',
  },
  /** The customer's passkeys, oldest first ('Pristupni ključevi' on the account page). */
  listPasskeys: { method: 'GET', path: '/customer/passkeys', answer: passkeyListSchema, access: 'customer' },
  /** A challenge for adding a passkey, naming the customer's own so that none is added twice. */
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/customer/passkeys/options',
    answer: passkeyOptionsSchema,
    access: 'customer',
  },
  /** Adds the passkey the browser made for the challenge; answers the passkeys. */
  addPasskey: {
    method: 'POST',
    path: '/customer/passkeys',
    body: addPasskeyRequestSchema,
    answer: passkeyListSchema,
    access: 'customer',
  },
  /** Removes one of the customer's passkeys; another's, or an unknown id, is a 404. Answers the passkeys left. */
  removePasskey: {
    method: 'DELETE',
    path: '/customer/passkeys/{id}',
    answer: passkeyListSchema,
    access: 'customer',
  },
} as const satisfies Section;
