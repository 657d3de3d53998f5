import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRODUCT, productCodeSchema } from '@portal/shared/contract';
import { REPO_ROOT } from './apiDir';

/** Grace period after a renewal's due day (product.md §9): paid within it, the period runs from the due day. */
export const GRACE_DAYS = 5;

const repoRoot = REPO_ROOT;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** `live` or `test`, from a Stripe key (sk_live_…, pk_test_…). */
const stripeMode = (key: string) => key.split('_')[1];

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z
  .object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Loopback by default: a newcomer's portal is reachable from their own machine only (and so may be a sandbox).
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  DATABASE_URL: z.string().url().optional(),
  PRODUCT: z.string().default(DEFAULT_PRODUCT).pipe(productCodeSchema),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: int(900),
  REFRESH_WINDOW_DAYS: int(30),
  TRUST_PROXY: flag.default(false),
  LOGIN_LIMIT_ACCOUNT: int(5),
  LOGIN_LIMIT_ACCOUNT_TOTAL: int(50),
  LOGIN_LIMIT_CLIENT: int(30),
  LOGIN_LIMIT_WINDOW_SECONDS: int(900),
  // Sandbox: /api/dev/outbox (anyone's codes) and /api/dev/billing (moves time). On only when chosen
  // (SANDBOX=1), or by default when the server listens on loopback only and NODE_ENV is not production.
  SANDBOX: flag.optional(),
  // Source maps of the built apps are served only when asked for.
  SERVE_SOURCE_MAPS: flag.default(false),
  // Card payments: the sandbox processor (default) or Stripe, whose keys come only from here.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)').optional(),
  // The browser's key: the server puts it in /portal.config.json, so the card fields follow PAYMENT_PROVIDER.
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_live_…)').optional(),
  // Billing (product.md §9, §10): the days after a failed renewal's due day on which it is retried, all inside
  // the 5-day grace period, and how often the server runs the billing job (0: never; use `npm run billing`).
  BILLING_RETRY_DAYS: z
    .string()
    .default('1,3,5')
    .transform((v) => v.split(',').map((d) => Number(d.trim())))
    .refine((days) => days.every((d, i) => Number.isInteger(d) && d >= 1 && d <= GRACE_DAYS && (i === 0 || d > days[i - 1]!)), {
      message: `must be increasing whole days from 1 to ${GRACE_DAYS}, comma-separated (e.g. 1,3,5)`,
    }),
  BILLING_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // On SIGTERM: how long a process keeps serving (readiness failing, Connection: close) for a balancer to
  // take it out of rotation; it stops sooner once nothing is in flight (docs/deploy/README.md, "Stopping").
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  // Prometheus metrics on their own port (never the public one), on METRICS_HOST (loopback by default).
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Message delivery (docs/messages.md): e-mail through SMTP, SMS through an HTTP gateway; without them
  // messages stay in the outbox (sandbox). Links in e-mails point at PUBLIC_URL.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://user:password@host:port or smtps://…').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMS_GATEWAY_URL: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  MESSAGE_RETRY_SECONDS: int(30),
  MESSAGE_MAX_ATTEMPTS: int(12),
  MESSAGE_POLL_SECONDS: int(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORTAL_ROOT: z.string().default(repoRoot),
  })
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT || e.PORT === 0, { message: 'METRICS_PORT must differ from PORT: metrics are not public', path: ['METRICS_PORT'] })
  .refine((e) => e.WORKERS === 1 || e.DATABASE_URL, { message: 'WORKERS above 1 needs DATABASE_URL (the embedded database is one process\'s)', path: ['WORKERS'] })
  .refine((e) => !e.SMTP_URL || e.MAIL_FROM, { message: 'SMTP_URL needs MAIL_FROM, the sender address (e.g. "ON TV <no-reply@ontv.ba>")', path: ['MAIL_FROM'] })
  .refine((e) => e.PAYMENT_PROVIDER !== 'stripe' || (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY), {
    message: 'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
    path: ['PAYMENT_PROVIDER'],
  })
  .refine((e) => !e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY || stripeMode(e.STRIPE_SECRET_KEY) === stripeMode(e.STRIPE_PUBLISHABLE_KEY), {
    message: 'STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be live keys or both test keys',
    path: ['STRIPE_PUBLISHABLE_KEY'],
  });

export type ApiConfig = ReturnType<typeof loadConfig>;

/** The environment the server and its commands read, for their `--help` (README, "Configuration", says more). */
export const ENVIRONMENT_HELP = `Environment:
  PORT (8080), HOST (127.0.0.1)     where to listen; HOST=0.0.0.0 serves other machines
  WORKERS (1)                       API processes (needs DATABASE_URL); they share the port
  DRAIN_SECONDS (10)                on SIGTERM: serve on this long at most (ready answers 503), then finish and exit
  DATA_DIR (.data/)                 embedded database files and the generated signing secret
  DATABASE_URL                      PostgreSQL instead of the embedded database
  PRODUCT (ontv)                    product code in call paths
  JWT_SECRET                        token signing secret, 32+ characters (generated into DATA_DIR when unset)
  TOKEN_TTL_SECONDS (900), REFRESH_WINDOW_DAYS (30)
  LOGIN_LIMIT_ACCOUNT (5), LOGIN_LIMIT_ACCOUNT_TOTAL (50), LOGIN_LIMIT_CLIENT (30), LOGIN_LIMIT_WINDOW_SECONDS (900)
  TRUST_PROXY (0)                   take client addresses and the scheme from X-Forwarded-For/-Proto
  SANDBOX                           1: demo customers, the test card processor, /api/dev/outbox and /api/dev/billing;
                                    default on only on loopback, outside production and without TRUST_PROXY; refused with NODE_ENV=production
  SERVE_SOURCE_MAPS (0)             serve the apps' source maps
  PAYMENT_PROVIDER (sandbox)        sandbox (sandbox mode only) or stripe (with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
                                    STRIPE_PUBLISHABLE_KEY: the pages' key, served in /portal.config.json)
  BILLING_RETRY_DAYS (1,3,5), BILLING_INTERVAL_MINUTES (60; 0: off)
  METRICS_PORT, METRICS_HOST (127.0.0.1)  Prometheus metrics at GET /metrics on their own port (off when unset)
  SMTP_URL, MAIL_FROM               e-mail through SMTP (smtp[s]://user:password@host:port); unset: kept in the outbox
  SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN  SMS through an HTTP gateway (docs/messages.md); unset: kept in the outbox
  PUBLIC_URL (http://localhost:PORT)  the portal's address, for links in e-mails
  MESSAGE_RETRY_SECONDS (30), MESSAGE_MAX_ATTEMPTS (12), MESSAGE_POLL_SECONDS (5)  delivery retries (doubling, at most an hour apart)
  PORTAL_ROOT, LOG_LEVEL (info)`;

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
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why this start must not go on, in one line naming the setting to give, or null. What exists for
 * trying the portal (demo customers, the test card processor, the outbox view, billing on demand) runs
 * only in sandbox mode, which a production start never is; a server that is no sandbox takes cards
 * through a real processor.
 */
function startRefusal(e: { SANDBOX?: boolean | undefined; PAYMENT_PROVIDER: string; HOST: string; TRUST_PROXY: boolean }, production: boolean, sandbox: boolean): string | null {
  if (production && e.SANDBOX) {
    return 'SANDBOX=1 is refused with NODE_ENV=production: demo customers, the test card processor and the development endpoints never run in production. Unset SANDBOX (or NODE_ENV, on a test server).';
  }
  if (!sandbox && e.PAYMENT_PROVIDER !== 'stripe') {
    const why = e.SANDBOX === false ? 'SANDBOX=0' : production ? 'NODE_ENV=production' : e.TRUST_PROXY ? 'TRUST_PROXY=1: it serves the internet through a proxy' : `HOST=${e.HOST} is not loopback`;
    return `No real card processor: this server is not a sandbox (${why}), so set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY${production ? '' : ', or SANDBOX=1 for a test server'}.`;
  }
  return null;
}

/** Reads the environment once, naming every bad variable; refuses a start that would give the sandbox away (startRefusal). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const production = env.NODE_ENV === 'production';
  // A loopback server behind a proxy (TRUST_PROXY) serves the internet: no sandbox unless asked for.
  const sandbox = e.SANDBOX ?? (isLoopback(e.HOST) && !production && !e.TRUST_PROXY);
  const refusal = startRefusal(e, production, sandbox);
  if (refusal) throw new Error(refusal);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    product: e.PRODUCT,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    refreshWindowDays: e.REFRESH_WINDOW_DAYS,
    trustProxy: e.TRUST_PROXY,
    loginLimits: {
      perAccount: e.LOGIN_LIMIT_ACCOUNT,
      perAccountTotal: e.LOGIN_LIMIT_ACCOUNT_TOTAL,
      perClient: e.LOGIN_LIMIT_CLIENT,
      windowSeconds: e.LOGIN_LIMIT_WINDOW_SECONDS,
    },
    /** Demo customers, the sandbox card processor, the outbox view and billing on demand (startRefusal). */
    sandbox,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    payments:
      e.PAYMENT_PROVIDER === 'stripe'
        ? { provider: 'stripe' as const, secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, publishableKey: e.STRIPE_PUBLISHABLE_KEY! }
        : { provider: 'sandbox' as const },
    billing: { retryDays: e.BILLING_RETRY_DAYS, intervalMinutes: e.BILLING_INTERVAL_MINUTES },
    workers: e.WORKERS,
    drainSeconds: e.DRAIN_SECONDS,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    delivery: {
      smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM! } : null,
      sms: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN ?? null } : null,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 8080}`).replace(/\/+$/, ''),
      retrySeconds: e.MESSAGE_RETRY_SECONDS,
      maxAttempts: e.MESSAGE_MAX_ATTEMPTS,
      pollSeconds: e.MESSAGE_POLL_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    portalRoot: path.resolve(e.PORTAL_ROOT),
  };
}
