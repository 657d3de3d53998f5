import { paths } from '../contract/paths';
import type { ReactNode } from 'react';
import { Navigate } from '../router';
import { useAuth } from './store';

/**
 * Account pages need a logged-in customer (product.md §6): nothing is shown while the auth check runs, and
 * an anonymous visitor is sent to /nalog (the login form) once it has finished.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const initialized = useAuth((s) => s.initialized);
  const authorized = useAuth((s) => s.authorized);
  if (!initialized) return null;
  if (!authorized) return <Navigate to={paths.account.href()} replace />;
  return children;
}
