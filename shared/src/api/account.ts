import { useEffect, useState } from 'react';
import { accountInfoSchema, type AccountInfo } from '../contract';
import { api, productPath } from './client';
import { parseResponse } from './errors';

export async function getAccountInfo(): Promise<AccountInfo> {
  const url = productPath('accountInfo');
  const response = await api.get(url);
  return parseResponse(accountInfoSchema, response.data, url);
}

export type AccountInfoState = { status: 'loading' } | { status: 'ready'; info: AccountInfo } | { status: 'failed' };

/** Account info for the logged-in customer (account page, package buttons); a failure is logged (spec 8) and reported as `failed`. */
export function useAccountInfo(enabled = true): AccountInfoState {
  const [state, setState] = useState<AccountInfoState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getAccountInfo().then(
      (info) => live && setState({ status: 'ready', info }),
      (error: unknown) => {
        console.warn('Account info could not be loaded', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}
