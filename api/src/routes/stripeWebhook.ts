import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { StripeGateway } from '../money/processor/stripe';

/** `POST /payments/stripe/webhook`: the raw body is kept for the signature check. */
export function stripeWebhookRoute(gateway: StripeGateway) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.post('/payments/stripe/webhook', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || typeof request.body !== 'string')
        return reply.code(400).send({ message: 'Nedostaje potpis.', code: 'BAD_SIGNATURE' });
      try {
        await gateway.receive(request.body, signature);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          return reply.code(400).send({ message: 'Neispravan potpis.', code: 'BAD_SIGNATURE' });
        throw error;
      }
      return { received: true };
    });
  };
}
