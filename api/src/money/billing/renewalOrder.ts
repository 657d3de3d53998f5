import type { Repositories } from '../../repositories';
import type { DueRow } from '../../repositories/renewals';

/** What a renewal order charges: the card (none when credit pays), how the means is shown, the amount and the plan. */
interface RenewalOrderCharge {
  cardCode: string | null;
  cardNumber: string;
  amountFening: number;
  plan: string;
}

/**
 * The period's renewal order, one per subscription and due day (its idempotency key): the first try
 * places it, a retry (by card or by credit) updates the pending one to its own charge. Its number. Called
 * inside the transaction that holds the customer's row lock.
 */
export async function placeRenewalOrder(
  tx: Repositories,
  sub: DueRow,
  charge: RenewalOrderCharge,
  at: Date,
): Promise<string> {
  const key = `renewal-${sub.due}`;
  const existing = await tx.orders.renewalOf(sub.customer_id, key);
  if (existing) await tx.orders.updateRenewal(existing, charge, at);
  else await tx.orders.createRenewal({ customerId: sub.customer_id, key, dueOn: sub.due, ...charge }, at);
  return existing ?? (await tx.orders.renewalOf(sub.customer_id, key))!;
}
