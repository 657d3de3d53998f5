import { useRef, useState } from 'react';
import { messageOf, toApiError, type ApiError } from './errors';

export interface Submit<E> {
  /** True from the start of a run until it fails, or until it succeeds when `settle` asks for it. */
  busy: boolean;
  /** What the last failed run said, until the next run starts or `setError` changes it. */
  error: E | null;
  setError: (error: E | null) => void;
  /**
   * Runs `action` unless a run is under way (a double click sends once). It answers whether the action
   * worked. On success the form stays busy, since the page usually moves on; `settle` ends it.
   */
  run: (action: () => Promise<unknown>, options?: { settle?: boolean }) => Promise<boolean>;
}

/**
 * A form's or a button's call: busy while it runs, and on failure an error made by `explain` from the
 * API's error, or (given a text) the server's message with the text as the fallback.
 */
export function useSubmit(fallback: string): Submit<string>;
export function useSubmit<E>(explain: (error: ApiError) => E): Submit<E>;
export function useSubmit<E>(fallbackOrExplain: string | ((error: ApiError) => E)): Submit<E | string> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<E | string | null>(null);
  const running = useRef(false);

  async function run(action: () => Promise<unknown>, { settle = false } = {}): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
      if (settle) {
        running.current = false;
        setBusy(false);
      }
      return true;
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(
        typeof fallbackOrExplain === 'string' ? messageOf(apiError, fallbackOrExplain) : fallbackOrExplain(apiError),
      );
      running.current = false;
      setBusy(false);
      return false;
    }
  }

  return { busy, error, setError, run };
}
