import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { signInDeps } from '../http/signInDeps';
import { addPasskey, listPasskeys, passkeyRegistrationOptions, removePasskey } from '../passkeys/customer';
import { passkeyLoginOptions, signInWithPasskey } from '../passkeys/signIn';

/** A passkey sign-in's deps: its refusals logged as a password login's, with the method. */
const passkeyDeps = (ctx: ApiContext, request: FastifyRequest) => signInDeps(ctx, request, { method: 'passkey' });

/**
 * Passkeys (docs/passkeys.md): signing in with one (`/login/passkey`), and the account page's list
 * (`/customer/passkeys`). Each route parses, authorises, calls one use case of passkeys/ and answers.
 */
export function passkeyRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.passkeyLoginOptions, async ({ request }) =>
    passkeyLoginOptions(passkeyDeps(ctx, request), request.ip),
  );
  route(app, ctx, endpoints.passkeyLogin, async ({ body, request }) =>
    signInWithPasskey(passkeyDeps(ctx, request), body, request.ip),
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
