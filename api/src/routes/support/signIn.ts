import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../../context';
import { STAFF_IDLE_MINUTES, staffRoute } from '../../http/staffRoute';
import { bearerToken } from '../../auth/guard';
import { signInWithPassword } from '../../support/signIn';
import { chooseStaffPassword, confirmTotp, offerTotp, signOutStaff } from '../../support/signInSteps';
import {
  addStaffPasskey,
  confirmStaffPasskey,
  listStaffPasskeys,
  removeStaffPasskey,
  staffPasskeyOptions,
  staffSignInPasskeyOptions,
} from '../../support/passkeys';

/**
 * The support console's sign-in in steps, who is signed in, and signing out, under `/api/staff`
 * (docs/decisions/032-support-console.md). Each route parses, authorises, calls one use case of support/
 * and answers (docs/architecture.md). Registered by app.ts beside the other route files of routes/support/.
 */
export function supportSignInRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // Step 1: the password (support/signIn.ts, docs/limits.md).
  staffRoute(app, ctx, endpoints.staffLogin, async ({ body, request }) => signInWithPassword(ctx, request, body));

  // Step 2 at the first sign-in: the one-time password replaced by the member's own; the challenge goes on.
  staffRoute(app, ctx, endpoints.staffChoosePassword, async ({ staff, body, request }) => ({
    challenge: bearerToken(request)!,
    next: await chooseStaffPassword(ctx, staff, body.newPassword),
  }));

  // Step 3 until a second factor is set up, then the last step: its code, which signs the session in.
  staffRoute(app, ctx, endpoints.staffTotpSetup, async ({ staff }) => offerTotp(ctx, staff));
  staffRoute(app, ctx, endpoints.staffTotp, async ({ staff, body, request }) => ({
    ...(await confirmTotp(ctx, staff, body.code, request)),
    idleMinutes: STAFF_IDLE_MINUTES,
  }));

  // Or, in place of the code, one of the member's passkeys (docs/passkeys.md).
  staffRoute(app, ctx, endpoints.staffPasskeyLoginOptions, async ({ staff }) => staffSignInPasskeyOptions(ctx, staff));
  staffRoute(app, ctx, endpoints.staffPasskeyLogin, async ({ staff, body, request }) => ({
    ...(await confirmStaffPasskey(ctx, staff, body.credential, request)),
    idleMinutes: STAFF_IDLE_MINUTES,
  }));

  // The member's own passkeys, once signed in.
  staffRoute(app, ctx, endpoints.staffListPasskeys, async ({ staff }) => listStaffPasskeys(ctx, staff));
  staffRoute(app, ctx, endpoints.staffPasskeyRegistrationOptions, async ({ staff }) => staffPasskeyOptions(ctx, staff));
  staffRoute(app, ctx, endpoints.staffAddPasskey, async ({ staff, body }) => addStaffPasskey(ctx, staff, body));
  staffRoute(app, ctx, endpoints.staffRemovePasskey, async ({ staff, params }) =>
    removeStaffPasskey(ctx, staff, params.id),
  );

  staffRoute(app, ctx, endpoints.staffMe, async ({ staff }) => ({
    id: staff.staffId,
    name: staff.name,
    email: staff.email,
    role: staff.role,
  }));

  staffRoute(app, ctx, endpoints.staffLogout, async ({ staff, reply }) => {
    await signOutStaff(ctx, staff);
    return reply.code(204).send();
  });
}
