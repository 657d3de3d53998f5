import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from './client';
import { endpointKey } from './query';

/** The saved cards, primary first, and the holder's data. */
export const paymentDataQuery = queryOptions({
  queryKey: endpointKey('paymentData'),
  queryFn: ({ signal }) => calls.paymentData({ signal }),
});

export function usePaymentData(enabled = true) {
  return useQuery({ ...paymentDataQuery, enabled });
}
