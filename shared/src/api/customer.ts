import type { PaymentData } from '../contract';
import { calls } from './client';
import { useLoad } from './useLoad';

/** The saved cards, primary first. */
export const getPaymentData = (signal?: AbortSignal): Promise<PaymentData> => calls.paymentData({ signal });

export function usePaymentData(enabled = true) {
  return useLoad(getPaymentData, 'Payment data', enabled);
}
