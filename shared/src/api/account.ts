import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from './client';
import { endpointKey } from './query';
import { scriptStore } from '../script/store';

/**
 * The signed-in customer's account: status, plan, period and promos (product.md §2, Account). The script
 * the account remembers (decision 054) is shown from then on, on a device new to it too.
 */
export const accountInfoQuery = queryOptions({
  queryKey: endpointKey('accountInfo'),
  queryFn: async ({ signal }) => {
    const info = await calls.accountInfo({ signal });
    if (info.script && info.script !== scriptStore.getState().script) scriptStore.getState().choose(info.script);
    return info;
  },
});

/** Account info for the logged-in customer (account page, package buttons); with `enabled` false nothing is asked. */
export function useAccountInfo(enabled = true) {
  return useQuery({ ...accountInfoQuery, enabled });
}
