import path from 'node:path';
import { z } from 'zod';
import { environmentHelp, SETTINGS } from './settings';

/** `live` or `test`, from a Stripe key (sk_live_…, pk_test_…). */
const stripeMode = (key: string) => key.split('_')[1];

/** The environment's rules (settings.ts), and those between variables. */
const envSchema = z
  .object(SETTINGS)
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT || e.PORT === 0, {
    message: 'METRICS_PORT must differ from PORT: metrics are not public',
    path: ['METRICS_PORT'],
  })
  .refine((e) => e.WORKERS === 1 || e.DATABASE_URL, {
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
export const ENVIRONMENT_HELP = environmentHelp();

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
function startRefusal(
  e: { SANDBOX?: boolean | undefined; PAYMENT_PROVIDER: string; HOST: string; TRUST_PROXY: boolean },
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
          ? 'NODE_ENV=production'
          : e.TRUST_PROXY
            ? 'TRUST_PROXY=1: it serves the internet through a proxy'
            : `HOST=${e.HOST} is not loopback`;
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
        ? {
            provider: 'stripe' as const,
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          }
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
