import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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
 * The security headers of every answer (docs/decisions/036-operator-logs-and-headers.md): helmet sends
 * the fixed ones the portal has always sent (nosniff, the referrer policy) and nothing more: its other
 * defaults are off, each named, because some would break the portal (Cross-Origin-Resource-Policy
 * `same-origin` keeps the widget's script off operators' sites and remotes off a second origin) and
 * the rest the CSP already says (`frame-ancestors` for X-Frame-Options). The CSP differs per page and
 * is one of the strings `cspOf` made at start; HSTS goes only with HTTPS. helmet sends both
 * unconditionally, or per reply by rebuilding its middleware on every request.
 */
export async function installSecurityHeaders(app: FastifyInstance, cspOf: (url: string) => string): Promise<void> {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', cspOf(request.url));
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
