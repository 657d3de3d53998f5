import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { SandboxProcessor } from '../money/processor/sandbox/processor';

const secretField = z.string().check(z.minLength(10), z.maxLength(200));
const confirmSetupBody = z.object({
  client_secret: secretField,
  card: z.object({
    number: z.string().check(z.maxLength(40)),
    exp_month: z.int(),
    exp_year: z.int(),
    cvc: z.string().check(z.maxLength(8)),
  }),
});
const confirmPaymentBody = z.object({ client_secret: secretField, cvc: z.string().check(z.maxLength(8)) });
const challengeBody = z.object({ client_secret: secretField, approve: z.boolean() });
const idParam = z.object({ id: z.string().check(z.regex(/^(seti|pi)_[0-9a-f]{24}$/)) });
const paymentParam = z.object({ id: z.string().check(z.regex(/^pi_[0-9a-f]{24}$/)) });
const dashboardRefundBody = z.object({ amount_fening: z.int().check(z.positive()) });
const disputeBody = z.object({ status: z.enum(['open', 'won', 'lost']) });

/** The processor's browser-facing calls, mounted at `/sandbox-pay/v1` (apart from the portal's API). */
export function sandboxProcessorRoutes(processor: SandboxProcessor) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const parse = <S extends z.ZodMiniType>(schema: S, value: unknown) => {
      const result = schema.safeParse(value ?? {});
      return result.success ? (result.data as z.infer<S>) : null;
    };
    const notFound = { error: { code: 'resource_missing', message: 'Nepoznata transakcija.' } };
    const invalid = { error: { code: 'invalid_request', message: 'Neispravan zahtjev.' } };
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post('/setup_intents/:id/confirm', async (request, reply) => {
      const params = parse(idParam, request.params);
      const body = parse(confirmSetupBody, request.body);
      if (!params || !body) return reply.code(400).send(invalid);
      const { number, exp_month: expMonth, exp_year: expYear, cvc } = body.card;
      const answer = await processor.confirmSetup(params.id, body.client_secret, { number, expMonth, expYear, cvc });
      return answer ?? reply.code(404).send(notFound);
    });

    app.post('/payment_intents/:id/confirm', async (request, reply) => {
      const params = parse(idParam, request.params);
      const body = parse(confirmPaymentBody, request.body);
      if (!params || !body) return reply.code(400).send(invalid);
      const answer = await processor.confirmPayment(params.id, body.client_secret, body.cvc);
      return answer ?? reply.code(404).send(notFound);
    });

    app.post('/intents/:id/challenge', async (request, reply) => {
      const params = parse(idParam, request.params);
      const body = parse(challengeBody, request.body);
      if (!params || !body) return reply.code(400).send(invalid);
      const answer = await processor.answerChallenge(params.id, body.client_secret, body.approve);
      return answer ?? reply.code(404).send(notFound);
    });

    // The operator's dashboard, as a real processor has one (never the customer's): a refund made there,
    // and a bank's dispute of a payment, opened and decided. Each tells the portal as the processor would.
    app.post('/dashboard/payment_intents/:id/refund', async (request, reply) => {
      const params = parse(paymentParam, request.params);
      const body = parse(dashboardRefundBody, request.body);
      if (!params || !body) return reply.code(400).send(invalid);
      if (!(await processor.dashboardRefund(params.id, body.amount_fening))) return reply.code(409).send(invalid);
      return { refunded: body.amount_fening };
    });

    app.post('/dashboard/payment_intents/:id/dispute', async (request, reply) => {
      const params = parse(paymentParam, request.params);
      const body = parse(disputeBody, request.body);
      if (!params || !body) return reply.code(400).send(invalid);
      if (!(await processor.bankDispute(params.id, body.status))) return reply.code(409).send(invalid);
      return { status: body.status };
    });
  };
}
