import { Navigate, Page, calls, useNavigate, paths } from '@portal/shared';
import { PasswordForm } from '../wizard/PasswordForm';
import { forgotPassword } from '../wizard/storage';

/** `/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke` (product.md §2): the new password; step 3 of 3. */
export function ForgotReset() {
  const navigate = useNavigate();
  const id = forgotPassword.id();
  if (!id) return <Navigate to={paths.forgotPassword.href()} replace />;
  return (
    <Page title="Nova lozinka" narrow>
      <PasswordForm
        submitLabel="Promijeni lozinku"
        save={async (password) => {
          await calls.resetPassword({ body: { identificator: id, password } });
          forgotPassword.clear();
          void navigate(paths.forgotDone.href());
        }}
      />
    </Page>
  );
}
