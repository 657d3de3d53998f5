import path from 'node:path';
import { z } from 'zod';
import { COUNTRY_PREFIX, DEFAULT_PRODUCT, productCodeSchema } from '@portal/shared/contract';
import { REPO_ROOT } from './apiDir';
import { parseKeyEntries } from './auth/keyring';
import { parseProxyTrust, type ProxyTrust } from './http/proxies';

/** Grace period after a renewal's due day (product.md §9): paid within it, the period runs from the due day. */
export const GRACE_DAYS = 5;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const port = () => z.coerce.number().int().min(0).max(65535);
/** A number written with optional spaces, dashes or slashes between its digits (an ID, a VAT number, an account). */
const digits = (count: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[\d\s/-]+$/.test(v) && v.replace(/\D/g, '').length === count, message);

/**
 * DATABASE_URL's word for the embedded database (PGlite under DATA_DIR). Unset means it too, but a
 * production start must say so (config.ts), lest a forgotten URL start it on a new, empty database.
 */
export const EMBEDDED = 'embedded';

/** A value wrapped in quotes, "…" or '…'. */
const QUOTED = /^(["'])[\s\S]*\1$/;

/**
 * Every setting refuses a value wrapped in quotes before its own rule: systemd's EnvironmentFile= drops
 * them, but `docker run --env-file` keeps them, and invoices would print them. The message never repeats
 * the value, which may be a secret.
 */
function unquoted<S extends Record<string, z.ZodType>>(settings: S) {
  const refuseQuotes = (value: unknown, check: z.RefinementCtx) => {
    if (typeof value === 'string' && QUOTED.test(value))
      check.addIssue({
        code: 'custom',
        message:
          'is wrapped in quotes, which docker run --env-file keeps as part of the value: remove them (an env file takes each value as written, spaces included: docs/deploy/README.md#the-env-file)',
      });
    return value;
  };
  const entries = Object.entries(settings).map(([name, rule]) => [name, z.preprocess(refuseQuotes, rule)]);
  return Object.fromEntries(entries) as { [K in keyof S]: z.ZodPipe<z.ZodTransform<unknown, unknown>, S[K]> };
}

/**
 * Every environment variable the server and its commands read, with its rule and default: one schema
 * (zod), checked at start (config.ts: one line per bad variable). The help of each is in SETTING_HELP.
 */
export const SETTINGS = unquoted({
  PORT: port().default(8080),
  HOST: z.string().default('127.0.0.1'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  // Only a PostgreSQL URL, or `embedded`: `user:secret@db/ontv` parses as a URL of scheme `user:`, and
  // what it says of itself must never reach a log line (db/reach.ts shows the host, port and database only).
  DATABASE_URL: z
    .string()
    .refine(
      (v) => v === EMBEDDED || (/^postgres(ql)?:\/\/[^/]/i.test(v) && URL.canParse(v)),
      `must be postgres://user:password@host:port/database, or ${EMBEDDED}`,
    )
    .optional(),
  PRODUCT: z.string().default(DEFAULT_PRODUCT).pipe(productCodeSchema),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SEALING_KEYS: z
    .string()
    .transform((text, check) => {
      const entries = parseKeyEntries(text);
      if (typeof entries !== 'string') return entries;
      check.addIssue({ code: 'custom', message: entries });
      return z.NEVER;
    })
    .optional(),
  TOKEN_TTL_SECONDS: int(900),
  REFRESH_WINDOW_DAYS: int(30),
  LOGIN_LIMIT_ACCOUNT: int(5),
  LOGIN_LIMIT_ACCOUNT_TOTAL: int(50),
  LOGIN_LIMIT_CLIENT: int(30),
  LOGIN_LIMIT_WINDOW_SECONDS: int(900),
  CODE_LIMIT_CLIENT: int(10),
  CODE_NEW_DESTINATIONS_HOURLY: int(200),
  TRUST_PROXY: z
    .string()
    .transform((text, check): ProxyTrust => {
      const trust = parseProxyTrust(text);
      if (typeof trust !== 'string') return trust;
      check.addIssue({ code: 'custom', message: trust });
      return z.NEVER;
    })
    .default(false),
  SANDBOX: flag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://user:password@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMS_GATEWAY_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  SMS_ALLOWED_PREFIXES: z
    .string()
    .default(COUNTRY_PREFIX)
    .transform((v) => v.split(',').map((p) => p.trim()))
    .refine((prefixes) => prefixes.every((p) => /^\d{1,15}$/.test(p)), {
      message: 'must be country prefixes in digits, comma-separated (e.g. 387 or 387,385)',
    }),
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  MESSAGE_RETRY_SECONDS: int(30),
  MESSAGE_MAX_ATTEMPTS: int(12),
  MESSAGE_POLL_SECONDS: int(5),
  SERVE_SOURCE_MAPS: flag.default(false),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_live_…)')
    .optional(),
  STRIPE_API_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^/]+\/?$/.test(v) && URL.canParse(v), 'must be http(s)://host[:port]')
    .optional(),
  BILLING_RETRY_DAYS: z
    .string()
    .default('1,3,5')
    .transform((v) => v.split(',').map((d) => Number(d.trim())))
    .refine(
      (days) => days.every((d, i) => Number.isInteger(d) && d >= 1 && d <= GRACE_DAYS && (i === 0 || d > days[i - 1]!)),
      {
        message: `must be increasing whole days from 1 to ${GRACE_DAYS}, comma-separated (e.g. 1,3,5)`,
      },
    ),
  BILLING_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  PRICE_NOTICE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  ORDER_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  // The daily clean-up's days (retention/cleanUp.ts); 0 keeps that kind for good.
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  CODE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  INVOICE_PDF_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  OPERATOR_NAME: z.string().trim().min(2).optional(),
  OPERATOR_ADDRESS: z.string().trim().min(5).optional(),
  OPERATOR_ID_NUMBER: digits(13, 'the ID number (JIB) has 13 digits').optional(),
  OPERATOR_VAT_NUMBER: digits(12, 'the VAT number (PDV) has 12 digits').optional(),
  OPERATOR_BANK_ACCOUNT: digits(
    16,
    'the bank account has 16 digits (e.g. 1610000012345678 or 161-000-00123456-78)',
  ).optional(),
  OPERATOR_SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s/-]{6,20}$/, 'must be a phone number (033 000 000)')
    .optional(),
  OPERATOR_SUPPORT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'must be an e-mail address')
    .optional(),
  METRICS_PORT: port().optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORTAL_ROOT: z.string().default(REPO_ROOT),
});

/** A variable of the environment; its help is in settingsHelp.ts. */
export type SettingName = keyof typeof SETTINGS;
