import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerIn, BodyOf, ParamsOf, QueryOf, StaffEndpoint } from '@portal/shared/contract';
import { STAFF_TEXTS } from '@portal/shared/contract/support';
import type { ApiContext } from '../context';
import type { StaffSession } from '../repositories/staff';
import type { StaffTokenKind } from '../support/tokens';
import { bearerToken } from '../auth/guard';
import { HttpError } from './validate';
import { serveEndpoint, type Handler } from './route';

/** A staff session is over after this long without a call (decision 032: a staff session is short). */
export const STAFF_IDLE_MINUTES = 15;

/**
 * The member of staff behind a request's token of `kind` whose session is open at `stage`, the account
 * enabled and the session used within STAFF_IDLE_MINUTES (which this call renews); else 401.
 */
async function requireStaff(ctx: ApiContext, request: FastifyRequest, kind: StaffTokenKind): Promise<StaffSession> {
  const token = bearerToken(request);
  const claims = token ? await ctx.staffTokens.verify(kind, token) : null;
  const session =
    claims &&
    (await ctx.store.staff.touch(
      claims.sessionId,
      claims.staffId,
      kind === 'staff' ? 'full' : 'password',
      ctx.now(),
      STAFF_IDLE_MINUTES,
    ));
  if (!session) throw new HttpError(401, STAFF_TEXTS.sessionOver, 'UNAUTHORIZED');
  return session;
}

/** The `{customerId}` of a call's path as sent, when it is a customer's number; before the params are checked. */
function customerIdParam(request: FastifyRequest): number | null {
  const value = (request.params as Record<string, unknown> | undefined)?.customerId;
  return typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

interface StaffRouteInput<E extends StaffEndpoint> {
  /** The signed-in member of staff (or, on a `challenge` call, the one whose password was right); null on a public call. */
  staff: E['access'] extends 'public' ? null : StaffSession;
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Serves one of the support console's calls of the one table (`endpoints.staff…`, contract/support/) as `route` serves the customers'
 * (http/route.ts): the token and the role first (401, 403), then the body and query (400), and the
 * answer checked against its schema. No customer token passes here: another key, another audience.
 */
export function staffRoute<E extends StaffEndpoint>(
  app: FastifyInstance,
  ctx: ApiContext,
  endpoint: E,
  handler: (input: StaffRouteInput<E>) => Promise<AnswerIn<E> | FastifyReply>,
): void {
  if (!endpoint.path.startsWith('/staff/'))
    throw new Error(`${endpoint.method} ${endpoint.path} is not the support console's: serve it with route`);
  serveEndpoint(
    app,
    ctx,
    endpoint,
    async (request) => {
      const staff =
        endpoint.access === 'public'
          ? null
          : await requireStaff(ctx, request, endpoint.access === 'challenge' ? 'challenge' : 'staff');
      if (endpoint.access === 'admin' && staff?.role !== 'admin') {
        // A call the member's role does not allow is refused, and the trail says who tried what on whom.
        await ctx.store.audit.record(
          {
            staffId: staff!.staffId,
            staffName: staff!.name,
            action: 'access.refused',
            customerId: customerIdParam(request),
            after: { call: `${endpoint.method} ${endpoint.path}` },
          },
          ctx.now(),
        );
        throw new HttpError(403, STAFF_TEXTS.notAllowed, 'FORBIDDEN');
      }
      return { staff };
    },
    handler as Handler,
  );
}
