/** Test helpers of the onboarding remote: its real routes in a memory router. */
import { renderRoutes } from '@portal/shared/testing';
import { routes } from './exposes/routes';

export const renderOnboarding = (path: string) =>
  renderRoutes(routes, path, { others: { '/nalog': 'Prijava', '/paketi': 'Paketi' } });
