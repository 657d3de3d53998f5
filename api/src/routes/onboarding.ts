import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { logRefusal } from '../http/limits';
import { approveCode } from '../onboarding/codes';
import { continueRegistration, finishRegistration, resend, startRegistration } from '../onboarding/registration';
import { resetPassword, startPasswordReset } from '../onboarding/passwordReset';
import { sandboxOutbox } from '../onboarding/outbox';

/**
 * Registration and forgotten password (product.md §7; product.md §2, Registration; Forgotten password).
 * Each route parses, authorises, calls one use case of onboarding/ and answers (docs/architecture.md).
 */
export function onboardingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.startRegistration, async ({ body, request }) =>
    startRegistration(ctx, body, {
      address: request.ip,
      log: (event, fields) => logRefusal(request, event, fields),
    }),
  );

  route(app, ctx, endpoints.approveSms, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'REGISTRATION', body.smsCode);
  });

  route(app, ctx, endpoints.approveMail, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'REGISTRATION', body.mailCode);
  });

  for (const endpoint of [endpoints.resendSms, endpoints.resendMail]) {
    route(app, ctx, endpoint, async ({ body, request }) => {
      await resend(ctx, request.ip, body.identificator, 'REGISTRATION');
    });
  }

  route(app, ctx, endpoints.continueRegistration, async ({ body }) => {
    await continueRegistration(ctx, body);
  });

  route(app, ctx, endpoints.finishRegistration, async ({ body }) => finishRegistration(ctx, body.identificator));

  route(app, ctx, endpoints.checkUsername, async ({ body, request }) =>
    startPasswordReset(ctx, body.username, request.ip),
  );

  route(app, ctx, endpoints.approveResetCode, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'PASSWORD_RESET', body.code);
  });

  route(app, ctx, endpoints.resendResetCode, async ({ body, request }) => {
    await resend(ctx, request.ip, body.identificator, 'PASSWORD_RESET');
  });

  route(app, ctx, endpoints.resetPassword, async ({ body }) => {
    await resetPassword(ctx, body.identificator, body.password);
  });

  // The sandbox's outbox (product.md §10): what was "sent", newest first. Absent outside the sandbox.
  route(app, ctx, endpoints.outbox, async ({ query }) => sandboxOutbox(ctx, query.to));
}
