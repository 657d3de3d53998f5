import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The origins Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The portal's Content-Security-Policy (product.md §10): its own origin only, no inline script or eval,
 * plus the origins remotes are deployed on (`remoteOrigins` in portal.config.json) and Stripe's only when Stripe is the
 * payment provider. Nobody may frame the portal.
 */
export function contentSecurityPolicy(options: { remoteOrigins: readonly string[]; stripe: boolean }): string {
  const remotes = options.remoteOrigins;
  const list = (...sources: Array<string | readonly string[]>) => sources.flat().join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': list("'self'", remotes, options.stripe ? STRIPE.script : []),
    'style-src': list("'self'", remotes),
    'img-src': list("'self'", 'data:', remotes),
    'font-src': list("'self'", remotes),
    'connect-src': list("'self'", remotes, options.stripe ? STRIPE.connect : []),
    'frame-src': options.stripe ? list(STRIPE.frame) : "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** Strict-Transport-Security, sent only over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sends with the options below, read once at start: helmet's middleware only ever
 * sets fixed values, and run on every request it cost a quarter of the plans' throughput (docs/bench.md).
 * The fixed ones the portal has always sent (nosniff, the referrer policy) and nothing more: helmet's
 * other defaults are off, each named, because some would break the portal (Cross-Origin-Resource-Policy
 * `same-origin` keeps the widget's script off operators' sites and remotes off a second origin) and the
 * rest the CSP already says (`frame-ancestors` for X-Frame-Options).
 */
function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const answer = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  helmet({
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  })({} as IncomingMessage, answer as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  return [...headers];
}

/**
 * The headers of every answer, set in one hook before anything runs (docs/decisions/036-operator-logs-and-headers.md):
 * the request id (as the log line names it), helmet's fixed headers, the page's CSP (one of the strings
 * `cspOf` made at start) and HSTS only with HTTPS. A handler may still set its own (plans' cache-control).
 * A callback hook, not an async one: it is on every request, and a promise per hook is measurable.
 */
export function installAnswerHeaders(app: FastifyInstance, cspOf: (url: string) => string): void {
  const fixed = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (const [name, value] of fixed) reply.header(name, value);
    reply.header('content-security-policy', cspOf(request.url));
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
