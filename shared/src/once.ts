/** A load that runs once per argument; `forget` and `clear` let the next call run it again. */
export interface Once<A, T> {
  (arg: A): Promise<T>;
  forget(arg: A): void;
  /** Forgets every argument's load. */
  clear(): void;
}

/**
 * Runs `load` once per argument (compared by `keyOf`): concurrent and later callers share its
 * promise. A load that fails is forgotten, so the next call tries again instead of failing for ever.
 */
export function once<A = void, T = unknown>(
  load: (arg: A) => Promise<T>,
  keyOf: (arg: A) => unknown = (arg) => arg,
): Once<A, T> {
  const pending = new Map<unknown, Promise<T>>();
  const run = (arg: A): Promise<T> => {
    const key = keyOf(arg);
    let promise = pending.get(key);
    if (!promise) {
      const started = load(arg);
      promise = started;
      pending.set(key, started);
      started.catch(() => {
        if (pending.get(key) === started) pending.delete(key);
      });
    }
    return promise;
  };
  return Object.assign(run, { forget: (arg: A) => void pending.delete(keyOf(arg)), clear: () => pending.clear() });
}
