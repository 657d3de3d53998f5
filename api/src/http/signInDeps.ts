import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import type { SignInOutcome } from '../auth/signIn';
import type { PasskeySignInDeps } from '../passkeys/signIn';
import { logRefusal } from './limits';
import { logins } from './metrics';

/** What the sign-in route files share (routes/auth.ts, routes/passkeys.ts): a route file never imports another. */

/**
 * What a customer's sign-in needs, by password or by passkey, for one request: each outcome counted, and
 * a refused one logged in one warn line with its reason and `fields` (the username masked, or the
 * method), never the password.
 */
export function signInDeps(
  ctx: ApiContext,
  request: FastifyRequest,
  fields: Record<string, string>,
): PasskeySignInDeps {
  const report = (outcome: SignInOutcome): void => {
    logins.inc({ outcome: outcome.outcome });
    if (outcome.outcome === 'ok') return;
    // A failure's own reason (a wrong password, an unknown user) takes the place of its kind.
    const { outcome: kind, ...rest } = outcome;
    logRefusal(request, 'login.failed', { reason: kind, ...fields, ...rest });
  };
  return {
    store: ctx.store,
    limits: ctx.limits,
    tokens: ctx.tokens,
    notifier: ctx.notifier,
    now: ctx.now,
    config: ctx.config,
    sealing: ctx.keys.sealing,
    log: request.log,
    report,
  };
}
