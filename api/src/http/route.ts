import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  schemaFor,
  type AnswerIn,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
} from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { requireCustomer, tokenPrincipal, type Principal } from '../auth/guard';
import { parseBody, respond } from './validate';

/** What a route's handler gets: the signed-in customer when the endpoint needs one, and the checked body, query and path parameters. */
interface RouteInput<E extends Endpoint> {
  customer: E['access'] extends 'customer' ? Principal : null;
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface RouteOptions {
  /**
   * The handler's own query checks that the token's device session is open (`openSessionWhere`) and
   * answers 401 when it is not, saving a query on a busy call. The route checks only the token.
   */
  sessionCheckedByHandler?: true;
}

/** A contract path as Fastify's route: the product put in, `{name}` as `:name`. */
export function fastifyPath(path: string, product: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'product' ? product : `:${name}`));
}

/** A call of the customer portal: anybody's or a signed-in customer's (the console's are `staffRoute`'s). */
type PortalEndpoint = Endpoint & { readonly access: 'public' | 'customer' };

/**
 * Serves one of the customer portal's calls of the one table (shared/src/contract/endpoints.ts): the
 * customer is checked first (401), then the body and query (400, naming the bad fields), and the
 * handler's answer is checked against the answer schema before it leaves (a mismatch is our bug: 500).
 * A call without an answer schema answers `{}`; a handler that sent its own reply (a 204) returns it.
 * A sandbox-only endpoint is not served outside the sandbox. A support console's call (`/staff/…`) is
 * refused here: its staff token is checked by `staffRoute` (http/staffRoute.ts), never by this.
 */
export function route<E extends PortalEndpoint>(
  app: FastifyInstance,
  ctx: ApiContext,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<AnswerIn<E> | FastifyReply>,
  options: RouteOptions = {},
): void {
  if (endpoint.access !== 'public' && endpoint.access !== 'customer')
    throw new Error(`${endpoint.method} ${endpoint.path} is the support console's: serve it with staffRoute`);
  if (endpoint.sandboxOnly && !ctx.config.sandbox) return;
  serveEndpoint(
    app,
    ctx,
    endpoint,
    async (request) => ({
      customer:
        endpoint.access !== 'customer'
          ? null
          : options.sessionCheckedByHandler
            ? await tokenPrincipal(ctx.tokens, request)
            : await requireCustomer(ctx.tokens, ctx.store.sessions, request),
    }),
    handler as Handler,
  );
}

/**
 * Serves an endpoint of a contract's table at its method and path: `principal` first (who asks: it
 * throws the 401 or 403), then the handler on the checked input (answerCall). One home for `route`
 * and `staffRoute` (http/staffRoute.ts).
 */
export function serveEndpoint(
  app: FastifyInstance,
  ctx: ApiContext,
  endpoint: Endpoint,
  principal: (request: FastifyRequest) => Promise<object>,
  handler: Handler,
): void {
  const product = ctx.config.product;
  const schemas = {
    body: endpoint.body && schemaFor(endpoint.body, product),
    answer: endpoint.answer && schemaFor(endpoint.answer, product),
    query: endpoint.query,
  };
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path, product),
    handler: async (request, reply) => answerCall(schemas, request, reply, await principal(request), handler),
  });
}

type Schema = ReturnType<typeof schemaFor>;
export type Handler = (input: object) => Promise<unknown>;

/**
 * A call's handler run on its checked body and query (400, naming the bad fields), with `extra` (the
 * customer, or the member of staff), and its answer checked against its schema on the way out (a
 * mismatch is our bug: 500); `{}` without an answer schema, or the reply a handler sent itself.
 */
async function answerCall(
  schemas: { body?: Schema; query?: Schema; answer?: Schema },
  request: FastifyRequest,
  reply: FastifyReply,
  extra: object,
  handler: Handler,
): Promise<unknown> {
  const value = await handler({
    ...extra,
    body: schemas.body ? parseBody(schemas.body, request.body) : undefined,
    query: schemas.query ? parseBody(schemas.query, request.query) : undefined,
    params: request.params,
    request,
    reply,
  });
  if (value === reply || reply.sent) return reply;
  return schemas.answer ? respond(schemas.answer, value) : {};
}
