import Stripe from 'stripe';

/**
 * A Stripe client on `secretKey`, calling Stripe's API or, when `apiUrl` is given (STRIPE_API_URL),
 * that address instead: Stripe's own mock (stripe-mock), or a test's.
 */
export function stripeClient(secretKey: string, apiUrl: URL | null, options: Stripe.StripeConfig = {}): Stripe {
  const at = apiUrl
    ? {
        host: apiUrl.hostname,
        port: Number(apiUrl.port) || (apiUrl.protocol === 'http:' ? 80 : 443),
        protocol: apiUrl.protocol === 'http:' ? ('http' as const) : ('https' as const),
      }
    : {};
  return new Stripe(secretKey, { ...options, ...at });
}

/** How long a start waits for Stripe's answer before it goes on without one. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * What Stripe says of STRIPE_SECRET_KEY, asked once at a start with one cheap read (the account's
 * balance, no retry, 5 s at most): a key it refuses (a made-up, revoked or mistyped key: every payment
 * would fail) is a refusal line; Stripe out of reach is a warning (the portal serves what needs no
 * card meanwhile); a key it knows is null. A restricted key without the balance's permission is a key it
 * knows. The lines name the setting and the key's mode, never the key.
 */
export async function checkStripeKey(keys: {
  secretKey: string;
  apiUrl: URL | null;
}): Promise<{ refuse: boolean; line: string } | null> {
  const stripe = stripeClient(keys.secretKey, keys.apiUrl, { maxNetworkRetries: 0, timeout: CHECK_TIMEOUT_MS });
  const mode = keys.secretKey.includes('_live_') ? 'live' : 'test';
  try {
    await stripe.balance.retrieve();
    return null;
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'StripePermissionError') return null;
    if (type === 'StripeAuthenticationError')
      return {
        refuse: true,
        line: `STRIPE_SECRET_KEY: Stripe does not accept this ${mode} key (authentication failed): copy the secret key from Stripe's dashboard, Developers → API keys (docs/deploy/README.md#the-card-processor).`,
      };
    const why = error instanceof Error ? error.message : String(error);
    return {
      refuse: false,
      line: `STRIPE_SECRET_KEY could not be checked: Stripe did not answer (${why}). Card payments fail until it can be reached; see the runbook's 'Card processor unreachable'.`,
    };
  }
}
