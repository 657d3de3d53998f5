import { useState } from 'react';
import { Navigate, Page, calls, toApiError, useNavigate, paths } from '@portal/shared';
import { PasswordForm } from '../wizard/PasswordForm';
import { forgotPassword } from '../wizard/storage';
import { texts } from '../texts';

/** `/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke` (spec 2): the new password; step 3 of 3. */
export function ForgotReset() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const id = forgotPassword.id();
  if (!id) return <Navigate to={paths.forgotPassword.href()} replace />;
  return (
    <Page title="Nova lozinka" narrow>
      <PasswordForm
        submitLabel="Promijeni lozinku"
        error={error}
        save={async (password) => {
          setError(null);
          try {
            await calls.resetPassword({ body: { identificator: id, password } });
            forgotPassword.clear();
            void navigate(paths.forgotDone.href());
          } catch (failure) {
            setError(toApiError(failure).serverMessage ?? texts.unknownError);
          }
        }}
      />
    </Page>
  );
}
