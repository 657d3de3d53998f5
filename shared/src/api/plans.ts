import { queryOptions } from '@tanstack/react-query';
import { calls } from './client';
import { endpointKey } from './query';

/** Prices and promos of the packages: the same for every visitor, fresh for a minute. */
export const plansQuery = queryOptions({
  queryKey: endpointKey('plans'),
  queryFn: ({ signal }) => calls.plans({ signal }),
  staleTime: 60_000,
});
