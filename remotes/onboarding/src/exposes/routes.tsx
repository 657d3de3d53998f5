import { type RouteObject } from '@portal/shared';
import { RegistrationStart } from '../registration/RegistrationStart';

/** Onboarding pages, mounted by the host under `/kreiraj-nalog`, `/zaboravljena-lozinka` and the subscribe prefixes. */
export const routes: RouteObject[] = [{ path: '/kreiraj-nalog', element: <RegistrationStart /> }];
