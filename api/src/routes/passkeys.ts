import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passkeyEndpoints as endpoints } from '@portal/shared/contract/passkeys';
import type { ApiContext } from '../context';
import { logRefusal } from '../http/limits';
import { route } from '../http/route';
import { logins } from '../http/metrics';
import type { SignInOutcome } from '../auth/signIn';
import { addPasskey, listPasskeys, passkeyRegistrationOptions, removePasskey } from '../passkeys/customer';
import { passkeyLoginOptions, signInWithPasskey, type PasskeySignInDeps } from '../passkeys/signIn';

/** A passkey sign-in's outcome counted with the password logins', and a refused one logged in one warn line. */
function reportPasskeyLogin(request: FastifyRequest) {
  return (outcome: SignInOutcome): void => {
    logins.inc({ outcome: outcome.outcome });
    if (outcome.outcome === 'ok') return;
    const { outcome: kind, ...fields } = outcome;
    logRefusal(request, 'login.failed', { reason: kind, method: 'passkey', ...fields });
  };
}

const signInDeps = (ctx: ApiContext, request: FastifyRequest): PasskeySignInDeps => ({
  store: ctx.store,
  limits: ctx.limits,
  tokens: ctx.tokens,
  notifier: ctx.notifier,
  now: ctx.now,
  config: ctx.config,
  sealing: ctx.keys.sealing,
  log: request.log,
  report: reportPasskeyLogin(request),
});

/**
 * Passkeys (docs/passkeys.md): signing in with one (`/login/passkey`), and the account page's list
 * (`/customer/passkeys`). Each route parses, authorises, calls one use case of passkeys/ and answers.
 */
export function passkeyRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.passkeyLoginOptions, async ({ request }) =>
    passkeyLoginOptions(signInDeps(ctx, request), request.ip),
  );
  route(app, ctx, endpoints.passkeyLogin, async ({ body, request }) =>
    signInWithPasskey(signInDeps(ctx, request), body, request.ip),
  );

  route(app, ctx, endpoints.listPasskeys, async ({ customer }) => listPasskeys(ctx, customer.customerId));
  route(app, ctx, endpoints.passkeyRegistrationOptions, async ({ customer }) =>
    passkeyRegistrationOptions(ctx, customer.customerId),
  );
  route(app, ctx, endpoints.addPasskey, async ({ customer, body }) => addPasskey(ctx, customer.customerId, body));
  route(app, ctx, endpoints.removePasskey, async ({ customer, params }) =>
    removePasskey(ctx, customer.customerId, params.id),
  );
}
