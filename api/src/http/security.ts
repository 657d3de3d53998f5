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
