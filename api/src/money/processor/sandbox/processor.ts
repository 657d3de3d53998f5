import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cardBrandOf, cvcValid, expiryValid, luhnValid } from '@portal/shared/contract';
import type {
  IntentRow,
  IntentStatus,
  MethodRow,
  SandboxProcessorRepository,
} from '../../../repositories/sandboxProcessor';
import type { PaymentEvent, PaymentEventHandler, PaymentGateway, PaymentState, ProcessorPayment } from '../gateway';
import { offSessionFailure, onSessionFailure, TEST_CARDS } from './test-cards';
import { HeldCalls, type HeldCall } from './held';

/** What the browser is told: the status, and for a failure the processor's code. */
interface ConfirmAnswer {
  status: 'succeeded' | 'requires_action' | 'failed';
  code?: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The sandbox card processor: behaves like a processor's test mode (test cards that succeed, decline,
 * lack funds or need a 3-D Secure challenge). The portal's API uses it as its `PaymentGateway`; the
 * browser confirms setups and payments with it directly (routes below), so card numbers reach only
 * the processor, which keeps the brand and the last four digits and never the number.
 */
export class SandboxProcessor implements PaymentGateway {
  readonly name = 'sandbox';
  private handlers: PaymentEventHandler[] = [];
  private readonly held = new HeldCalls();

  constructor(
    private readonly rows: SandboxProcessorRepository,
    /** Client secrets are derived from the intent id with this key, so none is stored. */
    private readonly secretKey: Buffer,
    private readonly now: () => Date,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  onEvent(handler: PaymentEventHandler): void {
    this.handlers.push(handler);
  }

  async createSetup({ idempotencyKey }: { customerRef: string; idempotencyKey: string }) {
    return this.createIntent('setup', idempotencyKey, null, null);
  }

  /**
   * A processor that is slow to answer, for tests that play a race in order: the next charge (a payment
   * made; of this customer's when `customerRef` is given) or refund waits at its start until `release()`;
   * `reached` resolves once it waits. Only the sandbox has it, and nothing but a test calls it.
   */
  hold(call: HeldCall, customerRef?: string): { reached: Promise<void>; release: () => void } {
    return this.held.hold(call, customerRef);
  }

  async createPayment(input: {
    amountFening: number;
    paymentMethod: string;
    idempotencyKey: string;
    customerRef: string;
    offSession?: boolean;
  }) {
    await this.held.waitIfHeld('charge', input.customerRef);
    const intent = await this.createIntent('payment', input.idempotencyKey, input.amountFening, input.paymentMethod);
    if (!input.offSession) return { ...intent, state: this.stateOf(await this.intent(intent.id)) };
    // Off-session: no customer to answer a challenge; the card's behaviour decides at once.
    const method = await this.method(input.paymentMethod);
    const code = method ? offSessionFailure(method.behaviour) : 'payment_method_missing';
    const answer = await this.finish(intent.id, ['requires_confirmation'], code);
    return {
      ...intent,
      state:
        answer.status === 'succeeded'
          ? ({ status: 'succeeded' } as const)
          : ({ status: 'failed', code: answer.code ?? 'card_declined' } as const),
    };
  }

  async cancelPayment(paymentId: string): Promise<'canceled' | 'succeeded'> {
    if (await this.rows.cancelPayment(paymentId, this.now())) return 'canceled';
    return (await this.rows.intent(paymentId))?.status === 'succeeded' ? 'succeeded' : 'canceled';
  }

  async refund(paymentId: string, part?: { amountFening: number; idempotencyKey: string }): Promise<void> {
    await this.held.waitIfHeld('refund');
    if (!part) return this.rows.refund(paymentId, this.now());
    if (!(await this.rows.refundPart(paymentId, part.amountFening, part.idempotencyKey, this.now()))) {
      throw new Error(`The sandbox refuses to refund ${part.amountFening} of payment ${paymentId}: more than is left`);
    }
  }

  paymentsBetween(from: Date, to: Date): Promise<ProcessorPayment[]> {
    return this.rows.payments({ from, to });
  }

  async paymentOf(paymentId: string): Promise<ProcessorPayment | null> {
    return (await this.rows.payments({ id: paymentId }))[0] ?? null;
  }

  /**
   * The operator refunds in the processor's dashboard (not through the portal): the amount given back,
   * then the portal told, as Stripe's `charge.refunded` tells it. False when more than is left.
   */
  async dashboardRefund(paymentId: string, amountFening: number): Promise<boolean> {
    const refundId = newId('re');
    if (!(await this.rows.refundPart(paymentId, amountFening, refundId, this.now()))) return false;
    await this.emit({ type: 'payment.refunded', paymentId, refundId, amountFening });
    return true;
  }

  /**
   * The card holder's bank disputes a payment (`open`), then decides it (`won` for the merchant, `lost`:
   * the money goes back to the card holder), and the portal is told, as Stripe's `charge.dispute.*` tell
   * it. False when there is no such payment, or its dispute is decided already.
   */
  async bankDispute(paymentId: string, status: 'open' | 'won' | 'lost'): Promise<boolean> {
    const disputeId = (await this.rows.disputeOf(paymentId)) ?? newId('dp');
    const amountFening = await this.rows.dispute(paymentId, disputeId, status, this.now());
    if (amountFening === null) return false;
    await this.emit({ type: 'payment.disputed', paymentId, disputeId, amountFening, status });
    return true;
  }

  async detach(paymentMethod: string): Promise<void> {
    await this.rows.detach(paymentMethod);
  }

  /** The browser confirms a setup with the card's data. */
  async confirmSetup(
    id: string,
    secret: string,
    card: { number: string; expMonth: number; expYear: number; cvc: string },
  ): Promise<ConfirmAnswer | null> {
    const intent = await this.authorised(id, secret, 'setup');
    if (!intent) return null;
    if (intent.status !== 'requires_payment_method') return this.answerOf(intent);
    const number = card.number.replace(/\s/g, '');
    const brand = cardBrandOf(number);
    if (!luhnValid(number) || !brand) return { status: 'failed', code: 'incorrect_number' };
    if (!expiryValid(card.expMonth, card.expYear, this.now())) return { status: 'failed', code: 'invalid_expiry_year' };
    if (!cvcValid(card.cvc)) return { status: 'failed', code: 'incorrect_cvc' };
    const behaviour = TEST_CARDS[number];
    if (!behaviour) return this.finish(id, ['requires_payment_method'], 'card_declined');
    const methodId = newId('pm');
    await this.rows.addMethod(
      {
        id: methodId,
        behaviour,
        brand,
        last4: number.slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: this.fingerprintOf(number),
      },
      this.now(),
    );
    await this.rows.setMethod(id, methodId, this.now());
    // Saving a card reserves 0,10 KM: a declining card fails here (one short of funds covers 0,10 KM).
    if (behaviour === 'challenge') return this.requireAction(id, ['requires_payment_method']);
    return this.finish(id, ['requires_payment_method'], behaviour === 'decline' ? 'card_declined' : null);
  }

  /** The browser confirms an on-session payment with the saved card's security code. */
  async confirmPayment(id: string, secret: string, cvc: string): Promise<ConfirmAnswer | null> {
    const intent = await this.authorised(id, secret, 'payment');
    if (!intent) return null;
    if (intent.status !== 'requires_confirmation') return this.answerOf(intent);
    if (!cvcValid(cvc)) return { status: 'failed', code: 'incorrect_cvc' };
    const method = intent.payment_method ? await this.method(intent.payment_method) : null;
    if (!method) return this.finish(id, ['requires_confirmation'], 'payment_method_missing');
    if (method.behaviour === 'challenge') return this.requireAction(id, ['requires_confirmation']);
    return this.finish(id, ['requires_confirmation'], onSessionFailure(method.behaviour));
  }

  /** The 3-D Secure challenge screen's answer. */
  async answerChallenge(id: string, secret: string, approve: boolean): Promise<ConfirmAnswer | null> {
    const intent = await this.authorised(id, secret);
    if (!intent) return null;
    if (intent.status !== 'requires_action') return this.answerOf(intent);
    return this.finish(id, ['requires_action'], approve ? null : 'authentication_failed');
  }

  private async createIntent(
    kind: 'setup' | 'payment',
    idempotencyKey: string,
    amountFening: number | null,
    paymentMethod: string | null,
  ) {
    const id = newId(kind === 'setup' ? 'seti' : 'pi');
    const status: IntentStatus = kind === 'setup' ? 'requires_payment_method' : 'requires_confirmation';
    // The same request again (a retry) gets the same intent and the same secret.
    const made = await this.rows.createIntent(
      { id, kind, status, amountFening, paymentMethod, key: `${kind}:${idempotencyKey}` },
      this.now(),
    );
    return { id: made, clientSecret: this.secretOf(made) };
  }

  /**
   * The card's fingerprint, as a real processor gives one: the same number always has the same one, and
   * the number cannot be read back from it (an HMAC with the processor's key, apart from client secrets).
   */
  private fingerprintOf(number: string): string {
    return createHmac('sha256', this.secretKey).update(`card-fingerprint:${number}`).digest('base64url').slice(0, 22);
  }

  private secretOf(id: string): string {
    return `${id}_secret_${createHmac('sha256', this.secretKey).update(id).digest('hex').slice(0, 32)}`;
  }

  private async intent(id: string): Promise<IntentRow> {
    return (await this.rows.intent(id))!;
  }

  private async method(id: string): Promise<MethodRow | null> {
    return this.rows.method(id);
  }

  /** The intent, if the secret is its own (compared in constant time). */
  private async authorised(id: string, secret: string, kind?: 'setup' | 'payment'): Promise<IntentRow | null> {
    const expected = Buffer.from(this.secretOf(id));
    const given = Buffer.from(secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const row = await this.rows.intent(id);
    return row && (!kind || row.kind === kind) ? row : null;
  }

  private stateOf(row: IntentRow): PaymentState {
    if (row.status === 'succeeded') return { status: 'succeeded' };
    if (row.status === 'failed') return { status: 'failed', code: row.failure_code ?? 'card_declined' };
    return { status: 'pending' };
  }

  private answerOf(row: IntentRow): ConfirmAnswer {
    if (row.status === 'succeeded') return { status: 'succeeded' };
    if (row.status === 'requires_action') return { status: 'requires_action' };
    return { status: 'failed', code: row.failure_code ?? 'card_declined' };
  }

  private async requireAction(id: string, from: IntentStatus[]): Promise<ConfirmAnswer> {
    await this.rows.requireAction(id, from, this.now());
    return this.answerOf(await this.intent(id));
  }

  /**
   * Moves an intent to its outcome once (a conditional UPDATE: a repeated or concurrent confirmation
   * finds it done and charges nothing more), then tells the portal.
   */
  private async finish(id: string, from: IntentStatus[], failure: string | null): Promise<ConfirmAnswer> {
    const row = await this.rows.finish(id, from, failure, this.now());
    if (!row) return this.answerOf(await this.intent(id));
    await this.emit(await this.eventOf(row));
    return this.answerOf(row);
  }

  private async eventOf(row: IntentRow): Promise<PaymentEvent> {
    if (row.kind === 'payment') {
      return row.status === 'succeeded'
        ? { type: 'payment.succeeded', paymentId: row.id, amountFening: row.amount_fening ?? 0 }
        : { type: 'payment.failed', paymentId: row.id, code: row.failure_code ?? 'card_declined' };
    }
    const method = row.payment_method ? await this.method(row.payment_method) : null;
    if (row.status !== 'succeeded' || !method)
      return { type: 'setup.failed', setupId: row.id, code: row.failure_code ?? 'card_declined' };
    return {
      type: 'setup.succeeded',
      setupId: row.id,
      card: {
        paymentMethod: method.id,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.exp_month,
        expYear: method.exp_year,
        ...(method.fingerprint ? { fingerprint: method.fingerprint } : {}),
      },
    };
  }

  private async emit(event: PaymentEvent): Promise<void> {
    for (const handler of this.handlers) {
      try {
        await handler(event);
      } catch (error) {
        this.log(`Sandbox processor: the portal failed to handle ${event.type}: ${(error as Error).message}`);
      }
    }
  }
}
