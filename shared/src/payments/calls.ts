import type {
  CardHolder,
  CreditCard,
  Invoice,
  NewCardResponse,
  PaymentInfo,
  PaymentOrderResponse,
  PaymentRecord,
  PlanChangeQuote,
  PlanChangeResponse,
  ServiceStatus,
} from '@portal/shared/contract';
import { calls, endpointKey, getProduct, invalidate, markStale, queryOptions } from '@portal/shared';

/** The card and payment calls, over the contract's endpoint table (`calls`). */

export const createCard = (): Promise<NewCardResponse> => calls.createCard();

export async function updateCardHolder(code: string, holder: CardHolder): Promise<void> {
  await calls.updateCardHolder({ params: { code }, body: holder });
}

export const cardsQuery = queryOptions({
  queryKey: endpointKey('listCards'),
  queryFn: ({ signal }): Promise<CreditCard[]> => calls.listCards({ signal }),
});

/** What a saved, removed or newly primary card changes: the cards lists and the account page's payment section. */
export const cardsChanged = (): Promise<void> => invalidate('listCards', 'paymentData');

export async function setPrimaryCard(code: string): Promise<void> {
  await calls.setPrimaryCard({ params: { code } });
  await cardsChanged();
}

export async function deleteCard(code: string): Promise<void> {
  await calls.deleteCard({ params: { code } });
  await cardsChanged();
}

/** The order for a plan; the idempotency key makes a repeated order (double click, retry) the same one. */
export function createOrder(input: {
  planId: string;
  amount: number;
  cardCode: string;
  idempotencyKey: string;
  ref?: string | null;
}): Promise<PaymentOrderResponse> {
  const body = {
    creditCardId: input.cardCode,
    amount: input.amount,
    [`${getProduct()}PlanId`]: input.planId,
    ...(input.ref ? { ref: input.ref } : {}),
  };
  return calls.createOrder({ body, headers: { 'Idempotency-Key': input.idempotencyKey } });
}

export const paymentsQuery = queryOptions({
  queryKey: endpointKey('payments'),
  queryFn: ({ signal }): Promise<PaymentRecord[]> => calls.payments({ signal }),
});

export const invoiceQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: endpointKey('invoice', orderNumber),
    queryFn: ({ signal }): Promise<Invoice> => calls.invoice({ params: { orderNumber }, signal }),
  });

/** The plan comes under a product-named key (`ontvPlan`); the portal reads it as `plan`. */
export const paymentInfoQuery = (planId: string) =>
  queryOptions({
    queryKey: endpointKey('paymentInfo', planId),
    queryFn: async ({ signal }): Promise<PaymentInfo> => {
      const data = await calls.paymentInfo({ params: { planId }, signal });
      return { plan: data[`${getProduct()}Plan`]!, periodStart: data.periodStart, periodEnd: data.periodEnd };
    },
    gcTime: 0, // the amount and period as of now: a later visit asks again
  });

/**
 * What a payment or a subscription changes: the account page, the history and the cards (a card saved with
 * it), asked again by the next page that shows them (the page that made the change moves on).
 */
export const subscriptionChanged = (): void => markStale('accountInfo', 'payments', 'paymentData', 'listCards');

export async function subscribeInPromo(plan: string, ref?: string | null): Promise<ServiceStatus> {
  const status = await calls.subscribeInPromo({ body: { plan, ...(ref ? { ref } : {}) } });
  subscriptionChanged();
  return status;
}

/**
 * 'Pretplati se vaučerom' (docs/vouchers.md): a month of the package's voucher credit buys the
 * subscription, without a card; the same call from the account page and the subscribe page.
 */
export async function subscribeWithVoucher(plan: string): Promise<ServiceStatus> {
  const status = await calls.subscribeWithVoucher({ body: { plan } });
  subscriptionChanged();
  return status;
}

/** What changing the package to `plan` costs and from when (product.md §10, Changing the package). */
export const planChangeQuoteQuery = (plan: string) =>
  queryOptions({
    queryKey: endpointKey('planChangeQuote', plan),
    queryFn: ({ signal }): Promise<PlanChangeQuote> => calls.planChangeQuote({ query: { plan }, signal }),
    gcTime: 0, // a price quoted for now: a later visit asks again rather than show an old one
  });

/** Changes the package at the quoted amount; an upgrade answers its order, paid like any order. */
export async function changePlan(input: {
  plan: string;
  amount: number;
  idempotencyKey: string;
}): Promise<PlanChangeResponse> {
  const answer = await calls.changePlan({
    body: { plan: input.plan, amount: input.amount },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  subscriptionChanged();
  return answer;
}

/** Cancels a downgrade that waits for the renewal; the account page showing it asks again at once. */
export async function cancelPlanChange(): Promise<void> {
  await calls.cancelPlanChange();
  await invalidate('accountInfo');
}

/** 'Potvrdi pauzu' (product.md §10, A pause): a pause of `months` from the end of the paid period. */
export async function pauseSubscription(months: number): Promise<ServiceStatus> {
  const status = await calls.pause({ body: { months } });
  await invalidate('accountInfo');
  return status;
}

/** 'Nastavi pretplatu': the pause ends now (a running one is charged from today, in the history). */
export async function resumeSubscription(): Promise<ServiceStatus> {
  const status = await calls.resume();
  subscriptionChanged();
  await invalidate('accountInfo');
  return status;
}
