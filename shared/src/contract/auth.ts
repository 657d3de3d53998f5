import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { plainText } from './text';
import type { Section } from './endpoint';

/** Authentication type of a password login; the only type whose 401s are refreshed (product.md §4, Signing in). */
export const AUTH_TYPE_PASSWORD = 1;

/** A string trimmed, then held to a length: the request fields' usual shape. */
const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

/** The device's own password, sent with a login and with each refresh. */
const devicePasswordSchema = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(16), z.maxLength(200)));

export const loginRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    username: text(1, 100),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
    deviceType: plainText(1, 30),
    deviceUsername: plainText(8, 100),
    devicePassword: devicePasswordSchema,
    deviceName: plainText(1, 100),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: z.string().check(z.minLength(1)),
    pin: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
    firstLogin: z.boolean(),
  }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    devicePassword: devicePasswordSchema,
    token: z.string().check(z.minLength(1), z.maxLength(4000)),
  }),
);

const refreshResponseSchema = /* @__PURE__ */ lazySchema(() => z.object({ token: z.string().check(z.minLength(1)) }));

/** The payload of the sign-in token (product.md §3). */
export const tokenDataSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    first_name: z.string(),
    last_name: z.string(),
    device_username: z.string(),
    email: z.nullable(z.string()),
    phone_number: z.nullable(z.string()),
    authentication_type: z.int(),
    exp: z.optional(z.number()),
  }),
);
export type TokenData = z.infer<typeof tokenDataSchema>;

/** Signing in with a password, keeping the session and ending it: a section of the one table (endpoints.ts). */
export const authSection = {
  login: {
    method: 'POST',
    path: '/login',
    body: loginRequestSchema,
    answer: loginResponseSchema,
    access: 'public',
  },
  refresh: {
    method: 'POST',
    path: '/refresh',
    body: refreshRequestSchema,
    answer: refreshResponseSchema,
    access: 'public',
  },
  /** Ends the session of the token sent, if it is one; always 204. */
  logout: { method: 'POST', path: '/logout', access: 'public' },
} as const satisfies Section;
