import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { logRefusal } from '../http/limits';
import { route } from '../http/route';
import { logins } from '../http/metrics';
import { maskUsername } from '../log';
import { bearerToken } from '../auth/guard';
import { signIn, type SignInOutcome } from '../auth/signIn';
import { refreshToken, signOut, type SessionDeps } from '../auth/refresh';

/** A sign-in's outcome counted, and a refused one logged in one warn line: the username masked, never the password. */
function reportLogin(request: FastifyRequest, username: string) {
  return (outcome: SignInOutcome): void => {
    logins.inc({ outcome: outcome.outcome });
    if (outcome.outcome === 'ok') return;
    // A failure's own reason (a wrong password, an unknown user) takes the place of its kind.
    const { outcome: kind, ...fields } = outcome;
    logRefusal(request, 'login.failed', { reason: kind, user: maskUsername(username), ...fields });
  };
}

const sessionDeps = (ctx: ApiContext, request: FastifyRequest): SessionDeps => ({
  store: ctx.store,
  tokens: ctx.tokens,
  now: ctx.now,
  config: ctx.config,
  replayed: (session) => logRefusal(request, 'refresh.replayed', session),
});

/**
 * `POST /login`, `POST /refresh`, `POST /logout` (product.md §7). Each route parses, authorises, calls
 * one use case of auth/ and answers (docs/architecture.md); a blocked customer's sign-in is a 403.
 */
export function authRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.login, async ({ body, request }) => {
    const deps = {
      store: ctx.store,
      limits: ctx.limits,
      tokens: ctx.tokens,
      notifier: ctx.notifier,
      now: ctx.now,
      config: ctx.config,
      sealing: ctx.keys.sealing,
      log: request.log,
      report: reportLogin(request, body.username),
    };
    return signIn(deps, body, request.ip);
  });

  route(app, ctx, endpoints.refresh, async ({ body, request }) => refreshToken(sessionDeps(ctx, request), body));

  route(app, ctx, endpoints.logout, async ({ request, reply }) => {
    await signOut(ctx, bearerToken(request));
    return reply.code(204).send();
  });
}
