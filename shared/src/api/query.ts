import { QueryCache, QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { endpoints } from '../contract/endpoints';
import { authStore, type AuthState } from '../auth/store';
import { firstLoadEndpoint } from './sections';

export type EndpointName = keyof typeof endpoints;

/** How long an answer asked for ahead of its page stays fresh: the page shown just after takes it as it is. */
const ASKED_AHEAD_MS = 5_000;
/** The answers asked for ahead of their page (`askAhead`), by query: when each arrived. */
const askedAhead = new WeakMap<object, number>();

/**
 * The page's one query cache, shared by the host and every remote through the @portal/shared
 * singleton (like the auth store). A failed read is shown by its page with a retry button, so
 * queries are not retried on their own; a page's data is fetched again when it mounts, unless it was
 * asked for ahead of that page a moment ago (`askAhead`, docs/decisions/046).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: (query) => (askedAhead.get(query) === query.state.dataUpdatedAt ? ASKED_AHEAD_MS : 0),
    },
  },
  queryCache: new QueryCache({
    onError: (error, query) => console.warn(`${String(query.queryKey[0])} could not be loaded`, error),
  }),
});

/**
 * A read's cache key: the endpoint's name in the contract's table, then what tells one answer of it
 * from another (`['invoice', orderNumber]`). Mutations invalidate by endpoint name.
 */
export const endpointKey = <const P extends readonly unknown[]>(name: EndpointName, ...parts: P) =>
  [name, ...parts] as const;

/** Marks the answers of `names` stale and fetches again those a page shows; resolves when they have arrived. */
export async function invalidate(...names: EndpointName[]): Promise<void> {
  await Promise.all(names.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

/**
 * Marks the answers of `names` stale without fetching them now: the next page that shows one asks again.
 * For a change after which the page moves on: asking at once would show the page its own guard's
 * answer (a subscribe page told the customer is now subscribed) before it leaves.
 */
export function markStale(...names: EndpointName[]): void {
  for (const name of names) void queryClient.invalidateQueries({ queryKey: [name], refetchType: 'none' });
}

/** An answer of one of the portal's customer calls, read by the call's name in the table (sections.ts). */
const isCustomerData = (key: QueryKey) => {
  const name = key[0];
  return typeof name === 'string' && firstLoadEndpoint(name)?.access === 'customer';
};

/** Who the auth store says is signed in (a token refresh keeps the same customer). */
const customerOf = (state: AuthState) =>
  state.tokenData ? `${state.tokenData.email ?? ''}|${state.tokenData.phone_number ?? ''}` : null;

// A signed-in customer's answers never outlive their session: signing out, or another customer
// signing in in this tab or another, drops them.
let customer = customerOf(authStore.getState());
authStore.subscribe((state) => {
  const next = customerOf(state);
  if (next === customer) return;
  customer = next;
  queryClient.removeQueries({ predicate: (query) => isCustomerData(query.queryKey) });
});

/**
 * A failed read's retry button: the read starts over (its page shows the spinner again) and is asked
 * once more.
 */
export const retryRead =
  ({ queryKey }: { queryKey: QueryKey }) =>
  (): void =>
    void queryClient.resetQueries({ queryKey, exact: true });

/**
 * Asks for a read before the page that shows it has rendered (while its code is on the way), under the
 * key the page reads it by: that page, shown within a few seconds, takes the answer without asking again.
 * A failure is the page's to show: it asks again when it mounts.
 */
export async function askAhead<T, K extends QueryKey>(read: FetchQueryOptions<T, Error, T, K>): Promise<void> {
  await queryClient.prefetchQuery(read);
  const query = queryClient.getQueryCache().find({ queryKey: read.queryKey, exact: true });
  if (query) askedAhead.set(query, query.state.dataUpdatedAt);
}
