import { accountInfoSchema, type AccountInfo } from '../contract';
import { api, productPath } from './client';
import { parseResponse } from './errors';
import { useLoad, type LoadState } from './useLoad';

export async function getAccountInfo(): Promise<AccountInfo> {
  const url = productPath('accountInfo');
  const response = await api.get(url);
  return parseResponse(accountInfoSchema, response.data, url);
}

export type AccountInfoState = LoadState<AccountInfo> & { retry: () => void };

/** Account info for the logged-in customer (account page, package buttons); a failure is logged (spec 8) and reported as `failed`. */
export function useAccountInfo(enabled = true): AccountInfoState {
  return useLoad(getAccountInfo, 'Account info', enabled);
}
