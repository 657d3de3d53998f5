import { lazyPage, useAuth, withFallback } from '@portal/shared';
import { SignInForm } from '../signIn/SignInForm';
import { loadAccountPage } from './prepare';

// A visitor's first /nalog needs the login form only; the account page comes once someone signs in.
const AccountPage = lazyPage(loadAccountPage, 'AccountPage');

/** `/nalog`: nothing while the auth check runs, the login form when anonymous, else the account (product.md §2). */
export function AccountRoute() {
  const initialized = useAuth((s) => s.initialized);
  const authorized = useAuth((s) => s.authorized);
  if (!initialized) return null;
  return authorized ? withFallback(<AccountPage />) : <SignInForm />;
}
