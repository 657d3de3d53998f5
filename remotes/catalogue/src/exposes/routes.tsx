import { lazy } from 'react';
import { type RouteObject, paths, plansQuery, queryClient, withFallback as page } from '@portal/shared';
import { HomePage } from '../home/HomePage';

// The home page comes with the routes; every other page is its own chunk, fetched on its first visit.
const PlansPage = lazy(() => {
  // The prices are asked for while the page's code downloads: a first visit waits one round trip less.
  void queryClient.prefetchQuery(plansQuery);
  return import(/* webpackChunkName: "plans" */ '../plans/PlansPage');
});
// Named chunks: a prerendered page names its chunk's files (prerender/pages.ts).
const ChannelsPage = lazy(() => import(/* webpackChunkName: "channels" */ '../channels/ChannelsPage'));
const LibrariesPage = lazy(() => import(/* webpackChunkName: "libraries" */ '../libraries/LibrariesPage'));
const FaqPage = lazy(() => import(/* webpackChunkName: "faq" */ '../faq/FaqPage'));
const LegalPage = lazy(() => import(/* webpackChunkName: "legal" */ '../legal/LegalPage'));

/** Catalogue pages (product.md §2, Public), mounted by the host under `/` and the catalogue prefixes. */
export const routes: RouteObject[] = [
  { path: paths.home.path, element: <HomePage /> },
  { path: paths.packages.path, element: page(<PlansPage />) },
  { path: paths.channels.path, element: page(<ChannelsPage />) },
  { path: paths.libraries.path, element: page(<LibrariesPage />) },
  { path: paths.faq.path, element: page(<FaqPage />) },
  { path: paths.paymentTerms.path, element: page(<LegalPage key="uslovi-placanja" page="uslovi-placanja" />) },
  { path: paths.termsOfUse.path, element: page(<LegalPage key="uslovi-koriscenja" page="uslovi-koriscenja" />) },
  { path: paths.privacyPolicy.path, element: page(<LegalPage key="privacy-policy" page="privacy-policy" />) },
];
