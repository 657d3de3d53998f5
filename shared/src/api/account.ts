import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from './client';
import { endpointKey } from './query';

/** The signed-in customer's account: status, plan, period and promos (product.md §2, Account). */
export const accountInfoQuery = queryOptions({
  queryKey: endpointKey('accountInfo'),
  queryFn: ({ signal }) => calls.accountInfo({ signal }),
});

/** Account info for the logged-in customer (account page, package buttons); with `enabled` false nothing is asked. */
export function useAccountInfo(enabled = true) {
  return useQuery({ ...accountInfoQuery, enabled });
}
