import { useEffect, useState } from 'react';
import { accountInfoSchema, api, parseResponse, productPath, type AccountInfo } from '@portal/shared';

export async function getAccountInfo(): Promise<AccountInfo> {
  const url = productPath('accountInfo');
  const response = await api.get(url);
  return parseResponse(accountInfoSchema, response.data, url);
}

export type AccountInfoState = { status: 'loading' } | { status: 'ready'; info: AccountInfo } | { status: 'failed' };

/** Account info for the logged-in customer; a failure is logged (spec 8) and reported as `failed`. */
export function useAccountInfo(): AccountInfoState {
  const [state, setState] = useState<AccountInfoState>({ status: 'loading' });
  useEffect(() => {
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
  }, []);
  return state;
}
