import { queryClient, queryOptions, type SubscriptionContentModule } from '@portal/shared';
import { loadRemoteModule } from '@portal/shared';

/** The catalogue's plan file, app badges and terms texts, loaded through the host once per page. */
export const subscriptionContentQuery = queryOptions({
  queryKey: ['remoteModule', 'catalogue/subscription'],
  queryFn: () => loadRemoteModule<SubscriptionContentModule>('catalogue/subscription'),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** One of the catalogue's terms texts (`use-terms.html`, `terms.html`), sanitised by the catalogue. */
export const legalTextQuery = (file: Parameters<SubscriptionContentModule['loadLegalText']>[0]) =>
  queryOptions({
    queryKey: ['remoteModule', 'catalogue/subscription', file],
    queryFn: async () => (await queryClient.fetchQuery(subscriptionContentQuery)).loadLegalText(file),
    staleTime: Infinity,
  });
