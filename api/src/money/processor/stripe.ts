import Stripe from 'stripe';
import type { CardType } from '@portal/shared/contract';
import { stripeClient } from './stripeKey';
import type {
  PaymentEvent,
  PaymentEventHandler,
  PaymentGateway,
  PaymentRequest,
  PaymentState,
  ProcessorPayment,
} from './gateway';

/** The parts of the official client the gateway uses (a test passes a mock with the same shape). */
export type StripeClient = Pick<
  Stripe,
  'setupIntents' | 'paymentIntents' | 'paymentMethods' | 'customers' | 'webhooks' | 'refunds' | 'disputes'
>;

const BRANDS: Record<string, CardType> = { visa: 'visa', mastercard: 'master', maestro: 'maestro' };

/**
 * Stripe behind the portal's `PaymentGateway`: a SetupIntent saves a new card (usable off-session for
 * renewals), a PaymentIntent pays an order; outcomes arrive as signed webhooks (routes/stripeWebhook.ts).
 * Keys come only from the environment (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  private handlers: PaymentEventHandler[] = [];

  constructor(
    private readonly stripe: StripeClient,
    private readonly webhookSecret: string,
  ) {}

  static fromKeys(keys: { secretKey: string; webhookSecret: string; apiUrl: URL | null }): StripeGateway {
    return new StripeGateway(stripeClient(keys.secretKey, keys.apiUrl, { maxNetworkRetries: 2 }), keys.webhookSecret);
  }

  onEvent(handler: PaymentEventHandler): void {
    this.handlers.push(handler);
  }

  /** One Stripe customer per portal customer, found by the idempotent create (the portal keeps no Stripe ids for customers). */
  private async customerId(customerRef: string): Promise<string> {
    const found = await this.stripe.customers.search({
      query: `metadata['portal_customer']:'${customerRef.replace(/\D/g, '')}'`,
      limit: 1,
    });
    if (found.data[0]) return found.data[0].id;
    const created = await this.stripe.customers.create(
      { metadata: { portal_customer: customerRef } },
      { idempotencyKey: `customer-${customerRef}` },
    );
    return created.id;
  }

  async createSetup({ customerRef, idempotencyKey }: { customerRef: string; idempotencyKey: string }) {
    const intent = await this.stripe.setupIntents.create(
      {
        customer: await this.customerId(customerRef),
        usage: 'off_session',
        metadata: { portal_customer: customerRef },
      },
      { idempotencyKey: `setup-${idempotencyKey}` },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async createPayment(input: PaymentRequest) {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountFening,
      currency: 'bam',
      customer: await this.customerId(input.customerRef),
      payment_method: input.paymentMethod,
      description: input.description,
      metadata: { portal_customer: input.customerRef },
      ...(input.offSession ? { off_session: true, confirm: true } : { setup_future_usage: 'off_session' as const }),
    };
    try {
      const intent = await this.stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
      return { id: intent.id, clientSecret: intent.client_secret ?? '', state: stateOf(intent) };
    } catch (error) {
      // An off-session decline is an answer, not a fault: the failed intent comes with the error.
      const failed = error instanceof Stripe.errors.StripeCardError ? error : null;
      const intent = (failed?.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent;
      if (!failed || !intent) throw error;
      return {
        id: intent.id,
        clientSecret: intent.client_secret ?? '',
        state: { status: 'failed', code: failed.decline_code ?? failed.code ?? 'card_declined' } as const,
      };
    }
  }

  async cancelPayment(paymentId: string): Promise<'canceled' | 'succeeded'> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    if (intent.status === 'succeeded') return 'succeeded';
    if (intent.status !== 'canceled')
      await this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey: `cancel-${paymentId}` });
    return 'canceled';
  }

  /**
   * What went back to the card holder: the charge's refunds and, for a disputed one, what the bank
   * decided for the card holder (a lost dispute).
   */
  private async givenBack(payment: ProcessorPayment & { disputed: boolean }): Promise<ProcessorPayment> {
    const { disputed, ...books } = payment;
    if (!disputed) return books;
    let lost = 0;
    for await (const dispute of this.stripe.disputes.list({ payment_intent: payment.paymentId, limit: 100 }))
      if (dispute.status === 'lost') lost += dispute.amount;
    return { ...books, refundedFening: books.refundedFening + lost };
  }

  async paymentsBetween(from: Date, to: Date): Promise<ProcessorPayment[]> {
    const payments: ProcessorPayment[] = [];
    const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
    const listed = this.stripe.paymentIntents.list({
      created: { gte: seconds(from), lt: seconds(to) },
      limit: 100,
      expand: ['data.latest_charge'],
    });
    for await (const intent of listed) {
      const payment = processorPayment(intent);
      if (payment) payments.push(await this.givenBack(payment));
    }
    return payments;
  }

  async paymentOf(paymentId: string): Promise<ProcessorPayment | null> {
    try {
      const payment = processorPayment(
        await this.stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] }),
      );
      return payment && (await this.givenBack(payment));
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw error;
    }
  }

  async refund(paymentId: string, part?: { amountFening: number; idempotencyKey: string }): Promise<void> {
    // Stripe's amounts are in the currency's smallest unit: fening for BAM.
    // Marked as the portal's, so its `charge.refunded` event is not taken for a refund made in the dashboard.
    const key = part ? part.idempotencyKey : paymentId;
    await this.stripe.refunds.create(
      { payment_intent: paymentId, ...(part ? { amount: part.amountFening } : {}), metadata: { [PORTAL_REFUND]: key } },
      { idempotencyKey: `refund-${key}` },
    );
  }

  async detach(paymentMethod: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethod);
  }

  /** Verifies a webhook's signature and turns it into portal events; anything unsigned or altered throws. */
  async receive(rawBody: string, signature: string): Promise<void> {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    for (const portalEvent of await this.translate(event)) {
      for (const handler of this.handlers) await handler(portalEvent);
    }
  }

  private async translate(event: Stripe.Event): Promise<PaymentEvent[]> {
    switch (event.type) {
      case 'charge.refunded':
        return this.dashboardRefunds(event.data.object);
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const paymentId = idOf(dispute.payment_intent);
        if (!paymentId) return [];
        const status = event.type === 'charge.dispute.created' ? 'open' : dispute.status === 'lost' ? 'lost' : 'won';
        return [{ type: 'payment.disputed', paymentId, disputeId: dispute.id, amountFening: dispute.amount, status }];
      }
      default:
        return [await this.translateOne(event)].flatMap((e) => (e ? [e] : []));
    }
  }

  /**
   * The refunds of a charge that the portal did not make (no `portal_refund` mark): made in Stripe's
   * dashboard. The portal's own are recorded when it makes them.
   */
  private async dashboardRefunds(charge: Stripe.Charge): Promise<PaymentEvent[]> {
    const paymentId = idOf(charge.payment_intent);
    if (!paymentId) return [];
    const events: PaymentEvent[] = [];
    for await (const refund of this.stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
      if (refund.status !== 'succeeded' || refund.metadata?.[PORTAL_REFUND]) continue;
      events.push({ type: 'payment.refunded', paymentId, refundId: refund.id, amountFening: refund.amount });
    }
    return events;
  }

  private async translateOne(event: Stripe.Event): Promise<PaymentEvent | null> {
    switch (event.type) {
      case 'setup_intent.succeeded': {
        const intent = event.data.object;
        const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (!methodId) return { type: 'setup.failed', setupId: intent.id, code: 'payment_method_missing' };
        const method = await this.stripe.paymentMethods.retrieve(methodId);
        const brand = method.card ? BRANDS[method.card.brand] : undefined;
        if (!method.card || !brand) return { type: 'setup.failed', setupId: intent.id, code: 'unsupported_brand' };
        return {
          type: 'setup.succeeded',
          setupId: intent.id,
          card: {
            paymentMethod: methodId,
            brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
            // Stripe gives a card number the same fingerprint whichever customer saves it (promos: docs/limits.md).
            ...(method.card.fingerprint ? { fingerprint: method.card.fingerprint } : {}),
          },
        };
      }
      case 'setup_intent.setup_failed':
        return {
          type: 'setup.failed',
          setupId: event.data.object.id,
          code: event.data.object.last_setup_error?.code ?? 'setup_failed',
        };
      case 'payment_intent.succeeded':
        return {
          type: 'payment.succeeded',
          paymentId: event.data.object.id,
          amountFening: event.data.object.amount_received,
        };
      case 'payment_intent.payment_failed': {
        const error = event.data.object.last_payment_error;
        return {
          type: 'payment.failed',
          paymentId: event.data.object.id,
          code: error?.decline_code ?? error?.code ?? 'card_declined',
        };
      }
      default:
        return null;
    }
  }
}

function stateOf(intent: Stripe.PaymentIntent): PaymentState {
  if (intent.status === 'succeeded') return { status: 'succeeded' };
  if (intent.status === 'canceled') return { status: 'failed', code: 'canceled' };
  return { status: 'pending' };
}

/** The metadata key that marks a refund as the portal's own. */
const PORTAL_REFUND = 'portal_refund';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A succeeded PaymentIntent as the books compare it, before its disputes: what it took and what its charge refunded. */
function processorPayment(intent: Stripe.PaymentIntent): (ProcessorPayment & { disputed: boolean }) | null {
  if (intent.status !== 'succeeded') return null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    paymentId: intent.id,
    amountFening: intent.amount_received,
    refundedFening: charge?.amount_refunded ?? 0,
    disputed: charge?.disputed ?? false,
  };
}
