import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * Loads something for a component: `loading`, then `ready` with the value or `failed` (logged with
 * `what`, never thrown into the page). `retry` loads again. Pass a stable `load` (module-level, or
 * memoised); with `enabled` false nothing is loaded and the state stays `loading`.
 */
export function useLoad<T>(load: () => Promise<T>, what: string, enabled = true): LoadState<T> & { retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => {
        console.warn(`${what} could not be loaded`, error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [load, what, enabled, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
