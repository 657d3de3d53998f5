import type { AccountInfo } from '../contract';
import { calls } from './client';
import { useLoad, type LoadState } from './useLoad';

export const getAccountInfo = (signal?: AbortSignal): Promise<AccountInfo> => calls.accountInfo({ signal });

export type AccountInfoState = LoadState<AccountInfo> & { retry: () => void };

/** Account info for the logged-in customer (account page, package buttons); a failure is logged and reported as `failed`. */
export function useAccountInfo(enabled = true): AccountInfoState {
  return useLoad(getAccountInfo, 'Account info', enabled);
}
