import { Navigate, Page, calls, messages, useNavigate, paths } from '@portal/shared';
import { WIZARD_TEXTS } from '../texts';
import { PasswordForm } from '../wizard/PasswordForm';
import { forgotPassword } from '../wizard/storage';

/** `/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke` (product.md §2): the new password; step 3 of 3. */
export function ForgotReset() {
  const navigate = useNavigate();
  const id = forgotPassword.id();
  if (!id) return <Navigate to={paths.forgotPassword.href()} replace />;
  return (
    <Page title={WIZARD_TEXTS.newPassword} narrow>
      <PasswordForm
        submitLabel={messages.changePassword}
        save={async (password) => {
          await calls.resetPassword({ body: { identificator: id, password } });
          forgotPassword.clear();
          void navigate(paths.forgotDone.href());
        }}
      />
    </Page>
  );
}
