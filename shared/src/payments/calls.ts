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
import { calls, getProduct } from '@portal/shared';

/** The card and payment calls, over the contract's endpoint table (`calls`). */

export const createCard = (): Promise<NewCardResponse> => calls.createCard();

export async function updateCardHolder(code: string, holder: CardHolder): Promise<void> {
  await calls.updateCardHolder({ params: { code }, body: holder });
}

export const listCards = (signal?: AbortSignal): Promise<CreditCard[]> => calls.listCards({ signal });

export async function setPrimaryCard(code: string): Promise<void> {
  await calls.setPrimaryCard({ params: { code } });
}

export async function deleteCard(code: string): Promise<void> {
  await calls.deleteCard({ params: { code } });
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

export const getPayments = (signal?: AbortSignal): Promise<PaymentRecord[]> => calls.payments({ signal });

export const getInvoice = (orderNumber: string, signal?: AbortSignal): Promise<Invoice> =>
  calls.invoice({ params: { orderNumber }, signal });

/** The plan comes under a product-named key (`ontvPlan`); the portal reads it as `plan`. */
export async function getPaymentInfo(planId: string, signal?: AbortSignal): Promise<PaymentInfo> {
  const data = await calls.paymentInfo({ params: { planId }, signal });
  return { plan: data[`${getProduct()}Plan`]!, periodStart: data.periodStart, periodEnd: data.periodEnd };
}

export const subscribeInPromo = (plan: string, ref?: string | null): Promise<ServiceStatus> =>
  calls.subscribeInPromo({ body: { plan, ...(ref ? { ref } : {}) } });

/** What changing the package to `plan` costs and from when (product.md §10, Changing the package). */
export const getPlanChangeQuote = (plan: string, signal?: AbortSignal): Promise<PlanChangeQuote> =>
  calls.planChangeQuote({ query: { plan }, signal });

/** Changes the package at the quoted amount; an upgrade answers its order, paid like any order. */
export function changePlan(input: {
  plan: string;
  amount: number;
  idempotencyKey: string;
}): Promise<PlanChangeResponse> {
  return calls.changePlan({
    body: { plan: input.plan, amount: input.amount },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

/** Cancels a downgrade that waits for the renewal. */
export async function cancelPlanChange(): Promise<void> {
  await calls.cancelPlanChange();
}
