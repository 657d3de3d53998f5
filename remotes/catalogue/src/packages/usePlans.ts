import { useCallback, useEffect, useState } from 'react';
import { api, parseResponse, plansResponseSchema, productPath, type Plan } from '@portal/shared';

export type PlansState = { status: 'loading' } | { status: 'ready'; plans: Plan[] } | { status: 'failed' };

export async function getPlans(): Promise<Plan[]> {
  const url = productPath('plans');
  const response = await api.get(url);
  return parseResponse(plansResponseSchema, response.data, url);
}

/** Prices and promos from the API; `retry` asks again after a failure. */
export function usePlans(): PlansState & { retry: () => void } {
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    getPlans().then(
      (plans) => live && setState({ status: 'ready', plans }),
      (error: unknown) => {
        console.warn('Plans could not be loaded', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
