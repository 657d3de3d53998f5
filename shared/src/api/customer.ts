import { paymentDataSchema, type PaymentData } from '../contract';
import { api } from './client';
import { parseResponse } from './errors';
import { useLoad } from './useLoad';

/** `GET /customer/payment-data` (spec 7, Customer): the saved cards, primary first. */
export async function getPaymentData(): Promise<PaymentData> {
  const response = await api.get('/customer/payment-data');
  return parseResponse(paymentDataSchema, response.data, '/customer/payment-data');
}

export function usePaymentData(enabled = true) {
  return useLoad(getPaymentData, 'Payment data', enabled);
}
