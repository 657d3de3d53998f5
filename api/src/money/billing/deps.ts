import type { BillingReport } from '@portal/shared/contract';
import type { Store } from '../../repositories';
import type { Notifier } from '../../delivery/notifier';
import type { PaymentGateway, PaymentState } from '../processor/gateway';
import type { RetentionSettings } from '../../retention/cleanUp';

/** What the billing job needs: the database, the card processor, the notifier and the retry schedule. */
export interface BillingDeps {
  store: Store;
  gateway: PaymentGateway;
  notifier: Notifier;
  retryDays: readonly number[];
  /** ORDER_TTL_MINUTES: how long a card order placed by a customer may be paid (30 when not given). */
  orderTtlMinutes?: number;
  /** PRICE_NOTICE_DAYS: how long before a rise reaches a subscriber they are told of it (30 when not given). */
  noticeDays?: number;
  /** The daily clean-up's days (retention/cleanUp.ts), which the server's schedule runs; none when not given. */
  retention?: RetentionSettings;
  log?: (line: string) => void;
  /** Told of each due subscription's outcome as the pass goes (the command's --verbose). */
  progress?: (customerId: number, outcome: keyof BillingReport) => void;
}

/**
 * A renewal's charge on the card (money/billing/renew.ts), as its outcome records it: the order and the
 * provider's payment (none without a card), the payment's state, and the package and price the notices
 * name (what the order decided under the lock, when there is one).
 */
export interface RenewalCharge {
  orderNumber: string | null;
  paymentId: string | null;
  state: PaymentState;
  planName: string;
  priceFening: number;
}
