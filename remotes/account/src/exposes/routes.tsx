import { type RouteObject } from '@portal/shared';
import { AccountRoute } from '../account/AccountRoute';

/** Account pages, mounted by the host under `/nalog`. */
export const routes: RouteObject[] = [{ path: '/nalog', element: <AccountRoute /> }];
