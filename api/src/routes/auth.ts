import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { logRefusal } from '../http/limits';
import { route } from '../http/route';
import { signInDeps } from '../http/signInDeps';
import { maskUsername } from '../log';
import { bearerToken } from '../auth/guard';
import { signIn } from '../auth/signIn';
import { refreshToken, signOut, type SessionDeps } from '../auth/refresh';

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
  route(app, ctx, endpoints.login, async ({ body, request }) =>
    signIn(signInDeps(ctx, request, { user: maskUsername(body.username) }), body, request.ip),
  );

  route(app, ctx, endpoints.refresh, async ({ body, request }) => refreshToken(sessionDeps(ctx, request), body));

  route(app, ctx, endpoints.logout, async ({ request, reply }) => {
    await signOut(ctx, bearerToken(request));
    return reply.code(204).send();
  });
}
