import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { startCardSetup } from '../money/cards/setup';
import { deleteCard, listCards, setPrimaryCard, updateCardHolder, type SavedCardsDeps } from '../money/cards/saved';

/**
 * Cards (product.md §7): a new card's setup, the list, the primary card, the card-holder data and
 * deleting. Each route parses, authorises, calls one use case of money/cards/ and answers (docs/architecture.md).
 */
export function cardRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const deps = (log: SavedCardsDeps['log']) => ({ store: ctx.store, gateway: ctx.payments.gateway, now: ctx.now, log });

  route(app, ctx, endpoints.createCard, async ({ customer, request }) =>
    startCardSetup(deps(request.log), customer.customerId),
  );

  route(app, ctx, endpoints.listCards, async ({ customer }) => listCards(ctx, customer.customerId));

  route(app, ctx, endpoints.setPrimaryCard, async ({ customer, params }) =>
    setPrimaryCard(ctx, customer.customerId, params.code),
  );

  route(app, ctx, endpoints.updateCardHolder, async ({ customer, body, params }) =>
    updateCardHolder(ctx, customer.customerId, params.code, body),
  );

  route(app, ctx, endpoints.deleteCard, async ({ customer, params, request }) =>
    deleteCard(deps(request.log), customer.customerId, params.code),
  );
}
