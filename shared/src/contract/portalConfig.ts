import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { DEFAULT_PRODUCT, productCodeSchema } from './common';
import { REMOTE_NAMES, type RemoteName } from './apps';
import { DEFAULT_OPERATOR, operatorSchema } from './operator';

const urlLike = () =>
  z.string().check(z.regex(/^(https?:\/\/|\/)/, 'must be an absolute URL or a path starting with /'));
const originLike = () =>
  z.string().check(z.regex(/^https?:\/\/[^/\s?#]+$/, 'must be an origin such as https://remotes.example.ba (no path)'));
const manifestUrl = () =>
  urlLike().check(z.refine((v) => v.endsWith('.json'), 'must point at a remote mf-manifest.json'));

/** The payment provider of the browser: the API's own server sets it from its environment (PAYMENT_PROVIDER, STRIPE_PUBLISHABLE_KEY) when it serves this file. */
const paymentsSchema = /* @__PURE__ */ lazySchema(() =>
  z.union([
    z.object({ provider: z.literal('sandbox'), sandboxUrl: z._default(urlLike(), '/sandbox-pay/v1') }),
    z.object({
      provider: z.literal('stripe'),
      publishableKey: z.string().check(z.regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_…)')),
    }),
  ]),
);
export type PaymentSettings = z.infer<typeof paymentsSchema>;

/**
 * `portal.config.json`, served beside the host: where the remotes and the API live.
 */
const portalConfigSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    payments: z._default(paymentsSchema, { provider: 'sandbox', sandboxUrl: '/sandbox-pay/v1' }),
    operator: z._default(operatorSchema, DEFAULT_OPERATOR),
    apiBaseUrl: urlLike(),
    product: z._default(productCodeSchema, DEFAULT_PRODUCT),
    // One manifest address per remote of the apps' list (apps.ts).
    remotes: z.object(
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, manifestUrl()])) as Record<
        RemoteName,
        ReturnType<typeof manifestUrl>
      >,
    ),
    /**
     * Origins other than the portal's own that may serve remotes. A remote's manifest and code load only
     * from the page's origin or one of these (the host refuses any other, docs/decisions/018-remote-types-and-origins.md); the API's
     * Content-Security-Policy allows the same list.
     */
    remoteOrigins: z._default(z.array(originLike()), []),
    /**
     * Set by the server that serves the file (never written in it): the portal runs as a sandbox (demo
     * customers, the test card processor), which every page says in its header.
     */
    sandbox: z._default(z.boolean(), false),
  }),
);
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`portal.config.json is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Stands for the page's origin where it is not known (the API reading the file): a path stays on it. */
const UNKNOWN_PAGE = 'http://portal.invalid';

/**
 * Where remote code may come from: the page's origin and `remoteOrigins`. The check answers the origin
 * of a URL elsewhere, or null; a path, or a URL on the page's origin, is the page's own. The
 * configuration (below) and the host's federation runtime (host/src/remotes/plugins.ts) use this one check.
 */
export function remoteOriginCheck(
  remoteOrigins: readonly string[],
  pageOrigin: string | null,
): (url: string) => string | null {
  const page = pageOrigin ?? UNKNOWN_PAGE;
  const allowed = new Set([page, ...remoteOrigins.map((origin) => new URL(origin).origin)]);
  return (url) => {
    const { origin } = new URL(url, page);
    return allowed.has(origin) ? null : origin;
  };
}

/** Remotes whose manifest is on an origin neither the page's nor listed in `remoteOrigins`. */
function foreignRemotes(config: PortalConfig, pageOrigin: string | null): string[] {
  const refused = remoteOriginCheck(config.remoteOrigins, pageOrigin);
  return Object.entries(config.remotes).flatMap(([name, url]) => {
    const origin = refused(url);
    return origin
      ? [
          `remotes.${name}: ${origin} is not an allowed origin; a remote loads from the portal's own origin or one listed in remoteOrigins`,
        ]
      : [];
  });
}

/**
 * Remotes the customer portal does not run, named in its file: the support console's remote, above all,
 * is served by its own host at `/podrska/` and never loads into a customer's page (docs/decisions/032).
 */
function unknownRemotes(raw: unknown): string[] {
  const remotes = raw !== null && typeof raw === 'object' ? (raw as { remotes?: unknown }).remotes : undefined;
  if (remotes === null || typeof remotes !== 'object') return [];
  return Object.keys(remotes)
    .filter((name) => !(REMOTE_NAMES as readonly string[]).includes(name))
    .map(
      (name) =>
        `remotes.${name}: not a remote of the customer portal (${REMOTE_NAMES.join(', ')}); the support console has its own host`,
    );
}

/**
 * Parses the run-time configuration, naming every bad key so an operator can fix it at once.
 * `pageOrigin`: the origin the portal runs on (the browser's), where remotes need no listing.
 */
export function parsePortalConfig(raw: unknown, pageOrigin: string | null = null): PortalConfig {
  const result = portalConfigSchema.safeParse(raw);
  const unknown = unknownRemotes(raw);
  if (!result.success || unknown.length > 0) {
    throw new ConfigError([
      ...(result.success
        ? []
        : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)),
      ...unknown,
    ]);
  }
  const foreign = foreignRemotes(result.data, pageOrigin);
  if (foreign.length > 0) throw new ConfigError(foreign);
  return result.data;
}
