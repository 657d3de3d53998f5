import { loadRemoteModule, queryOptions, type AccountViewsModule } from '@portal/shared';

/** The account remote's views (payments, invoice, devices), reused read-only: docs/decisions/032. */
export const accountViewsQuery = queryOptions({
  queryKey: ['remoteModule', 'account/views'],
  queryFn: () => loadRemoteModule<AccountViewsModule>('account/views'),
  staleTime: Infinity,
  gcTime: Infinity,
});
