import type { CardType } from '@portal/shared/contract';

/** A card as the payment provider saved it: never the number, only what may be shown. */
interface SavedCard {
  paymentMethod: string;
  brand: CardType;
  last4: string;
  expMonth: number;
  expYear: number;
  /**
   * The processor's fingerprint of the card's number: the same card saved by any customer has the same
   * one (a promo is once per card and package, docs/limits.md). Absent when the processor gave none.
   */
  fingerprint?: string;
}

export type PaymentState = { status: 'pending' } | { status: 'succeeded' } | { status: 'failed'; code: string };

/** What the provider tells the portal happened (a webhook for Stripe, a direct call for the sandbox). */
export type PaymentEvent =
  | { type: 'setup.succeeded'; setupId: string; card: SavedCard }
  | { type: 'setup.failed'; setupId: string; code: string }
  | { type: 'payment.succeeded'; paymentId: string; amountFening: number }
  | { type: 'payment.failed'; paymentId: string; code: string }
  /** Money given back by the processor itself (its dashboard), not by the portal. */
  | { type: 'payment.refunded'; paymentId: string; refundId: string; amountFening: number }
  /** A bank's dispute (chargeback) of a payment: opened, then won or lost (the money goes back). */
  | { type: 'payment.disputed'; paymentId: string; disputeId: string; amountFening: number; status: DisputeStatus };

/** Where a bank's dispute stands. */
export type DisputeStatus = 'open' | 'won' | 'lost';

export type PaymentEventHandler = (event: PaymentEvent) => Promise<void>;

/**
 * A succeeded payment as the processor's own books have it (`npm run reconcile` compares them with the
 * ledger's): what it charged, and what it gave back.
 */
export interface ProcessorPayment {
  paymentId: string;
  amountFening: number;
  refundedFening: number;
}

/** A payment asked of the provider: the amount, the saved card, whose it is, and whether it is off-session. */
export interface PaymentRequest {
  amountFening: number;
  paymentMethod: string;
  customerRef: string;
  idempotencyKey: string;
  description: string;
  offSession?: boolean;
}

/**
 * The card processor behind the portal, as the API sees it. Card entry and confirmation happen in the
 * browser, straight between the customer and the provider, with the client secret of a setup (new
 * card) or a payment (order); the provider then reports the outcome as an event.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Starts saving a new card. The idempotency key makes a repeated call the same setup. */
  createSetup(input: { customerRef: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /**
   * Creates a payment with a saved card. On-session payments are confirmed by the customer in the
   * browser; off-session ones (renewals) are confirmed at once and answer their outcome.
   */
  createPayment(input: PaymentRequest): Promise<{ id: string; clientSecret: string; state: PaymentState }>;
  /**
   * Cancels a payment the customer has not completed, so that it can no longer be confirmed. Answers
   * 'succeeded' when it was paid already (the caller refunds it then), else 'canceled'.
   */
  cancelPayment(paymentId: string): Promise<'canceled' | 'succeeded'>;
  /**
   * Gives a succeeded payment's money back: in full, or `amountFening` of it (the support console's
   * refunds), once per `idempotencyKey`. Throws when the provider refuses (more than is left, say).
   */
  refund(paymentId: string, part?: { amountFening: number; idempotencyKey: string }): Promise<void>;
  /** Forgets a saved card at the provider (a deleted card can never be charged again). */
  detach(paymentMethod: string): Promise<void>;
  /** The succeeded payments the processor made in [from, to), as its books have them. */
  paymentsBetween(from: Date, to: Date): Promise<ProcessorPayment[]>;
  /** One payment as the processor's books have it; null when it made no succeeded payment of that id. */
  paymentOf(paymentId: string): Promise<ProcessorPayment | null>;
  /** Tells the portal about outcomes. */
  onEvent(handler: PaymentEventHandler): void;
}
