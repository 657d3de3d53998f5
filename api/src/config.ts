import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_OPERATOR, type OperatorSettings } from '@portal/shared/contract';
import { EMBEDDED, SETTINGS } from './settings';
import { environmentHelp } from './settingsHelp';
import { missingKeys } from './auth/secrets';
import { shownProxyTrust, type ProxyTrust } from './http/proxies';

/** Set to true by the build of api/dist (api/scripts/build.ts, esbuild's define); absent when run from sources. */
declare const __ONTV_COMPILED__: boolean | undefined;

/**
 * The compiled server and commands (api/dist): a production artifact, production unless SANDBOX=1 says
 * otherwise. From sources (npm start, tsx) the server is a sandbox on loopback, as a newcomer expects.
 */
const COMPILED = typeof __ONTV_COMPILED__ !== 'undefined' && __ONTV_COMPILED__ === true;

/** How a person runs a command here: `node api/dist/staff.js` in a release, `npm run staff --` in a checkout. */
export const commandName = (name: string): string => (COMPILED ? `node api/dist/${name}.js` : `npm run ${name} --`);

/** `live` or `test`, from a Stripe key (sk_live_…, pk_test_…). */
const stripeMode = (key: string) => key.split('_')[1];

/** The environment's rules (settings.ts), and those between variables. */
const envSchema = z
  .object(SETTINGS)
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT || e.PORT === 0, {
    message: 'METRICS_PORT must differ from PORT: metrics are not public',
    path: ['METRICS_PORT'],
  })
  .refine((e) => e.WORKERS === 1 || (e.DATABASE_URL && e.DATABASE_URL !== EMBEDDED), {
    message: "WORKERS above 1 needs DATABASE_URL (the embedded database is one process's)",
    path: ['WORKERS'],
  })
  .refine((e) => !e.SMTP_URL || e.MAIL_FROM, {
    message: 'SMTP_URL needs MAIL_FROM, the sender address (e.g. "ON TV <no-reply@ontv.ba>")',
    path: ['MAIL_FROM'],
  })
  .refine(
    (e) =>
      e.PAYMENT_PROVIDER !== 'stripe' || (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY),
    {
      message: 'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
      path: ['PAYMENT_PROVIDER'],
    },
  )
  .refine(
    (e) =>
      !e.STRIPE_SECRET_KEY ||
      !e.STRIPE_PUBLISHABLE_KEY ||
      stripeMode(e.STRIPE_SECRET_KEY) === stripeMode(e.STRIPE_PUBLISHABLE_KEY),
    {
      message: 'STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be live keys or both test keys',
      path: ['STRIPE_PUBLISHABLE_KEY'],
    },
  );

export type ApiConfig = ReturnType<typeof loadConfig>;

/** The environment the server and its commands read, for their `--help` (from settings.ts, as the README's table is). */
const ENVIRONMENT_HELP = environmentHelp();

/** The `--help` of a command: what it does, its usage and options, and the environment it reads. */
export function printHelp(usage: string): void {
  console.info(`${usage.trim()}\n\n${ENVIRONMENT_HELP}`);
}

/** Prints the command's help and exits when it was started with `--help` or `-h`. */
export function helpIfAsked(usage: string): void {
  if (!process.argv.includes('--help') && !process.argv.includes('-h')) return;
  printHelp(usage);
  process.exit(0);
}

/** An address only this machine can reach. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why this start must not go on, in one line naming the setting to give, or null. What exists for
 * trying the portal (demo customers, the test card processor, the outbox view, billing on demand) runs
 * only in sandbox mode, which a production start never is; a server that is no sandbox takes cards
 * through a real processor.
 */
function startRefusal(
  e: {
    SANDBOX?: boolean | undefined;
    PAYMENT_PROVIDER: string;
    HOST: string;
    TRUST_PROXY: ProxyTrust;
    NODE_ENV?: string | undefined;
  },
  production: boolean,
  sandbox: boolean,
): string | null {
  if (production && e.SANDBOX) {
    return 'SANDBOX=1 is refused with NODE_ENV=production: demo customers, the test card processor and the development endpoints never run in production. Unset SANDBOX (or NODE_ENV, on a test server).';
  }
  if (!sandbox && e.PAYMENT_PROVIDER !== 'stripe') {
    const why =
      e.SANDBOX === false
        ? 'SANDBOX=0'
        : production
          ? e.NODE_ENV === 'production'
            ? 'NODE_ENV=production'
            : 'the compiled server is production unless SANDBOX=1'
          : e.TRUST_PROXY
            ? `TRUST_PROXY=${shownProxyTrust(e.TRUST_PROXY)}: it serves the internet through a proxy`
            : `HOST=${e.HOST} is not loopback`;
    return `No real card processor: this server is not a sandbox (${why}), so set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY${production ? '' : ', or SANDBOX=1 for a test server'}.`;
  }
  return null;
}

type Settings = z.infer<typeof envSchema>;

/** The operator's legal data, each field from its OPERATOR_ setting: what invoices and e-mails print. */
const OPERATOR_SETTINGS: { [K in keyof OperatorSettings]: keyof Settings } = {
  name: 'OPERATOR_NAME',
  address: 'OPERATOR_ADDRESS',
  idNumber: 'OPERATOR_ID_NUMBER',
  vatNumber: 'OPERATOR_VAT_NUMBER',
  bankAccount: 'OPERATOR_BANK_ACCOUNT',
  supportPhone: 'OPERATOR_SUPPORT_PHONE',
  supportEmail: 'OPERATOR_SUPPORT_EMAIL',
};

/** Digits and letters only, lower case: `161-000-00000000-00` is the sample `1610000000000000`. */
const bare = (value: string) => value.replace(/[^\p{L}\p{N}@.]/gu, '').toLowerCase();

/** The operator's data from the settings; in a sandbox or on a test server the sample fills what is unset. */
function operatorFrom(e: Settings): OperatorSettings {
  const entries = Object.entries(OPERATOR_SETTINGS) as Array<[keyof OperatorSettings, keyof Settings]>;
  return Object.fromEntries(
    entries.map(([field, name]) => [field, (e[name] as string | undefined) ?? DEFAULT_OPERATOR[field]]),
  ) as OperatorSettings;
}

/** The card processor: Stripe with its keys, or the sandbox's. */
function paymentsOf(e: Settings) {
  return e.PAYMENT_PROVIDER === 'stripe'
    ? {
        provider: 'stripe' as const,
        secretKey: e.STRIPE_SECRET_KEY!,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
        /** Stripe's API, unless STRIPE_API_URL names a mock. */
        apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
      }
    : { provider: 'sandbox' as const };
}

/**
 * A production server or command with no database named: a forgotten DATABASE_URL would start the
 * portal, or add staff, migrate or bill, on a new, empty embedded database.
 */
const unnamedDatabase = (e: Settings) =>
  `DATABASE_URL is not set: a production start needs its database named, PostgreSQL (postgres://user:password@host:port/database) or DATABASE_URL=${EMBEDDED} for the embedded database in DATA_DIR (${path.resolve(e.DATA_DIR)}), so that a forgotten setting never starts the portal on a new, empty database.`;

/**
 * Why a production start must not go on though its settings are each valid, in one line naming the
 * settings, or null: without its database named a forgotten DATABASE_URL starts on a new, empty embedded
 * one; without a public address every link points at localhost; without SMTP or SMS no customer gets a
 * code (nobody can register or reset a password); with the sample legal data every invoice is wrong.
 */
function productionRefusal(e: Settings): string | null {
  if (!e.DATABASE_URL) return unnamedDatabase(e);
  if (!e.PUBLIC_URL)
    return "PUBLIC_URL is not set: a production start needs the portal's public address (e.g. https://portal.example.ba), for canonical URLs, the sitemap, robots.txt and the links in e-mails.";
  if (isLoopback(new URL(e.PUBLIC_URL).hostname))
    return `PUBLIC_URL=${e.PUBLIC_URL} is this machine's own address: set the address customers reach the portal at (e.g. https://portal.example.ba).`;
  if (!e.SMTP_URL && !e.SMS_GATEWAY_URL)
    return 'Neither SMTP_URL nor SMS_GATEWAY_URL is set: a production start needs a way to deliver registration and reset codes (e-mail through SMTP_URL with MAIL_FROM, SMS through SMS_GATEWAY_URL, or both); without one no customer can register.';
  const entries = Object.entries(OPERATOR_SETTINGS) as Array<[keyof OperatorSettings, keyof Settings]>;
  const missing = entries.filter(([, name]) => !e[name]).map(([, name]) => name);
  if (missing.length > 0)
    return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: a production start needs the operator's own legal data and support contact, which every invoice and e-mail prints (docs/deploy/README.md#the-operators-legal-data).`;
  const samples = entries
    .filter(([field, name]) => bare(e[name] as string) === bare(DEFAULT_OPERATOR[field]))
    .map(([, name]) => name);
  if (samples.length > 0)
    return `${samples.join(', ')} still ${samples.length === 1 ? 'holds' : 'hold'} the sample data of the sandbox: set the operator's own (docs/deploy/README.md#the-operators-legal-data).`;
  return null;
}

/**
 * Which start reads the environment: the server (every rule), the billing command (it charges cards, so
 * it needs the real processor), or a command that only opens the database (staff, migrate, keys).
 */
type ConfigPurpose = 'server' | 'billing' | 'command';

/**
 * Reads the environment once, naming every bad variable; refuses a start that would give the sandbox
 * away (startRefusal) and a production server that is half-configured (productionRefusal). A command
 * needs only what it does: billing the card processor, staff, migrate and keys only the database and keys.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, purpose: ConfigPurpose = 'server') {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  // The compiled server is production unless SANDBOX=1 says otherwise (COMPILED).
  const production = env.NODE_ENV === 'production' || (COMPILED && e.SANDBOX !== true);
  // A loopback server behind a proxy (TRUST_PROXY) serves the internet: no sandbox unless asked for.
  const sandbox = e.SANDBOX ?? (isLoopback(e.HOST) && !production && !e.TRUST_PROXY);
  // Production data is named, never made anew by a forgotten setting: by the server and every command.
  const unnamed = production && !sandbox && !e.DATABASE_URL ? unnamedDatabase(e) : null;
  const refusal =
    purpose === 'command'
      ? unnamed
      : (startRefusal({ ...e, NODE_ENV: env.NODE_ENV }, production, sandbox) ??
        (production && purpose === 'server' ? productionRefusal(e) : unnamed) ??
        missingKeys({ jwtSecret: e.JWT_SECRET, sealingKeys: e.SEALING_KEYS, sandbox }));
  if (refusal) throw new Error(refusal);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    /** PostgreSQL's URL; unset, the embedded database under dataDir. */
    databaseUrl: e.DATABASE_URL === EMBEDDED ? undefined : e.DATABASE_URL,
    product: e.PRODUCT,
    jwtSecret: e.JWT_SECRET,
    /** The keyring that seals stored secrets, the first entry sealing (docs/deploy/keys.md). */
    sealingKeys: e.SEALING_KEYS,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    refreshWindowDays: e.REFRESH_WINDOW_DAYS,
    /** The proxy in front whose forwarded headers are believed (http/proxies.ts, decision 040). */
    trustProxy: e.TRUST_PROXY,
    loginLimits: {
      perAccount: e.LOGIN_LIMIT_ACCOUNT,
      perAccountTotal: e.LOGIN_LIMIT_ACCOUNT_TOTAL,
      perClient: e.LOGIN_LIMIT_CLIENT,
      windowSeconds: e.LOGIN_LIMIT_WINDOW_SECONDS,
    },
    /** Caps on code messages (docs/limits.md, "Code messages"): per client address, and new destinations portal-wide, an hour. */
    codeCaps: { perClient: e.CODE_LIMIT_CLIENT, newDestinationsHourly: e.CODE_NEW_DESTINATIONS_HOURLY },
    /** Demo customers, the sandbox card processor, the outbox view and billing on demand (startRefusal). */
    sandbox,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    payments: paymentsOf(e),
    billing: {
      retryDays: e.BILLING_RETRY_DAYS,
      intervalMinutes: e.BILLING_INTERVAL_MINUTES,
      noticeDays: e.PRICE_NOTICE_DAYS,
      orderTtlMinutes: e.ORDER_TTL_MINUTES,
    },
    /** The daily clean-up's days (retention/cleanUp.ts): 0 keeps that kind for good. */
    retention: {
      outboxDays: e.OUTBOX_RETENTION_DAYS,
      sessionDays: e.SESSION_RETENTION_DAYS,
      codeDays: e.CODE_RETENTION_DAYS,
      invoicePdfDays: e.INVOICE_PDF_RETENTION_DAYS,
      refreshWindowDays: e.REFRESH_WINDOW_DAYS,
    },
    workers: e.WORKERS,
    drainSeconds: e.DRAIN_SECONDS,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    delivery: {
      smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM! } : null,
      sms: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN ?? null } : null,
      /** The only numbers an SMS goes to (their first digits): the API refuses others, the sender fails them. */
      smsAllowedPrefixes: e.SMS_ALLOWED_PREFIXES,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 8080}`).replace(/\/+$/, ''),
      retrySeconds: e.MESSAGE_RETRY_SECONDS,
      maxAttempts: e.MESSAGE_MAX_ATTEMPTS,
      pollSeconds: e.MESSAGE_POLL_SECONDS,
    },
    /** Printed on invoices, their PDFs and every e-mail; served to the pages in /portal.config.json. */
    operator: operatorFrom(e),
    production,
    logLevel: e.LOG_LEVEL,
    portalRoot: path.resolve(e.PORTAL_ROOT),
  };
}
