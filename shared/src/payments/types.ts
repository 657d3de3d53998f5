/** What a payment provider offers the dialogs, whichever it is (provider.ts loads the configured one). */
import type { ComponentType, ReactNode } from 'react';
import type { CardHolder, CreditCard, OrderInfo } from '@portal/shared/contract';

/** How a confirmation ended; a 3-D Secure challenge is answered by the customer first. */
export type Outcome =
  | { status: 'succeeded' }
  | { status: 'failed'; code: string }
  | { status: 'challenge'; answer: (approve: boolean) => Promise<Outcome> };

export interface Confirmations {
  /** Saves the card entered in `CardFields` with a new card's setup secret. */
  confirmSetup(secret: string, holder: CardHolder): Promise<Outcome>;
  /** Pays an order with a saved card and the code entered in `SecurityCodeField`. */
  confirmPayment(secret: string, input: { card: CreditCard; panToken: string; order: OrderInfo }): Promise<Outcome>;
}

/**
 * Card entry and confirmation, as the payment provider does them: the sandbox processor or Stripe
 * (chosen by portal.config.json `payments`). Card data goes from these fields to the provider only.
 */
export interface PaymentProvider {
  /** Around everything that uses the fields or `useConfirm` (Stripe's Elements). */
  Scope: ComponentType<{ children: ReactNode }>;
  /** Number, expiry and CVC with live validation; reports whether all three are valid. */
  CardFields: ComponentType<{ onValidChange: (valid: boolean) => void }>;
  /** The saved card's security code for a payment. */
  SecurityCodeField: ComponentType<{ onValidChange: (valid: boolean) => void }>;
  useConfirm(): Confirmations;
}
