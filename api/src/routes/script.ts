import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { setScript } from '../customer/script';

/**
 * `POST /customer/script` (decision 054): the script the customer's pages and messages are written in,
 * chosen with `shared/src/script/`. The route parses, authorises, calls customer/script.ts and answers.
 */
export function scriptRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.setScript, async ({ customer, body }) => {
    await setScript(ctx, customer.customerId, body.script);
  });
}
