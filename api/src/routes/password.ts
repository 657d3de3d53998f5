import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { changePassword, type PasswordDeps } from '../customer/password';

const passwordDeps = (ctx: ApiContext): PasswordDeps => ({
  store: ctx.store,
  limits: ctx.limits,
  notifier: ctx.notifier,
  now: ctx.now,
  guesses: ctx.config.loginLimits,
});

/**
 * `POST /customer/change-password` (product.md §7): the account's `password/` page. The route parses,
 * authorises, calls the use case of customer/password.ts and answers (docs/architecture.md).
 */
export function passwordRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.changePassword, async ({ customer, body: { oldPassword, newPassword } }) => {
    await changePassword(passwordDeps(ctx), customer, oldPassword, newPassword);
  });
}
