import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * Loads something for a component: `loading`, then `ready` with the value or `failed` (logged with
 * `what`, never thrown into the page). `retry` loads again. Pass a stable `load` (module-level, or
 * memoised); with `enabled` false nothing is loaded and the state stays `loading`. `load` gets the
 * signal of the component's interest: a page that leaves, or loads again, cancels what it no longer needs.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  what: string,
  enabled = true,
): LoadState<T> & { retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const interest = new AbortController();
    load(interest.signal).then(
      (value) => !interest.signal.aborted && setState({ status: 'ready', value }),
      (error: unknown) => {
        if (interest.signal.aborted) return;
        console.warn(`${what} could not be loaded`, error);
        setState({ status: 'failed' });
      },
    );
    return () => interest.abort();
  }, [load, what, enabled, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
