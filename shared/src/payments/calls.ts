import {
  creditCardListSchema,
  invoiceSchema,
  newCardResponseSchema,
  paymentInfoSchema,
  paymentListSchema,
  paymentOrderResponseSchema,
  serviceStatusSchema,
  type CardHolder,
  type CreditCard,
  type Invoice,
  type NewCardResponse,
  type PaymentInfo,
  type PaymentOrderResponse,
  type PaymentRecord,
  type ServiceStatus,
} from '@portal/shared/contract';
import { api, getProduct, parseResponse, productPath } from '@portal/shared';

/** The "Cards and payments" calls of spec 7, each answer checked against the contract. */

export async function createCard(): Promise<NewCardResponse> {
  return parseResponse(newCardResponseSchema, (await api.post('/credit-card')).data, 'POST /credit-card');
}

export async function updateCardHolder(code: string, holder: CardHolder): Promise<void> {
  await api.patch(`/credit-card/${encodeURIComponent(code)}`, holder);
}

export async function listCards(): Promise<CreditCard[]> {
  return parseResponse(creditCardListSchema, (await api.get('/credit-card')).data, 'GET /credit-card');
}

export async function setPrimaryCard(code: string): Promise<void> {
  await api.patch(`/credit-card/primary/${encodeURIComponent(code)}`);
}

export async function deleteCard(code: string): Promise<void> {
  await api.delete(`/credit-card/${encodeURIComponent(code)}`);
}

/** The order for a plan; the idempotency key makes a repeated order (double click, retry) the same one. */
export async function createOrder(input: { planId: string; amount: number; cardCode: string; idempotencyKey: string }): Promise<PaymentOrderResponse> {
  const body = { creditCardId: input.cardCode, amount: input.amount, [`${getProduct()}PlanId`]: input.planId };
  const response = await api.post(productPath('-payments/new-account/order'), body, { headers: { 'Idempotency-Key': input.idempotencyKey } });
  return parseResponse(paymentOrderResponseSchema, response.data, 'payment order');
}

export async function getPayments(): Promise<PaymentRecord[]> {
  return parseResponse(paymentListSchema, (await api.get(productPath('-payments'))).data, 'payments');
}

export async function getInvoice(orderNumber: string): Promise<Invoice> {
  return parseResponse(invoiceSchema, (await api.get(productPath(`-payments/${encodeURIComponent(orderNumber)}`))).data, 'invoice');
}

export async function getPaymentInfo(planId: string): Promise<PaymentInfo> {
  const product = getProduct();
  const response = await api.get(productPath(`-payments/new-account/payment-info/${encodeURIComponent(planId)}`));
  const data = parseResponse(paymentInfoSchema(product), response.data, 'payment info') as Record<string, unknown> & { periodStart: string; periodEnd: string };
  return { plan: data[`${product}Plan`] as PaymentInfo['plan'], periodStart: data.periodStart, periodEnd: data.periodEnd };
}

export async function subscribeInPromo(plan: string): Promise<ServiceStatus> {
  return parseResponse(serviceStatusSchema, (await api.post(productPath('createSubscriptionInPromoPeriod'), { plan })).data, 'promo subscription');
}
