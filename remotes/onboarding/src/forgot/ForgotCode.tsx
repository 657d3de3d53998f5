import { Navigate, OS_TYPE, Page, calls, useNavigate, paths, shownPhone } from '@portal/shared';
import { WIZARD_TEXTS } from '../texts';
import { CodeForm } from '../wizard/CodeForm';
import { forgotPassword } from '../wizard/storage';

/** The reset code screens (product.md §2): e-mail or phone, each with a resend link; step 2 of 3. */
export function ForgotCode({ channel }: { channel: 'PHONE_NUMBER' | 'EMAIL' }) {
  const navigate = useNavigate();
  const id = forgotPassword.id();
  const type = forgotPassword.type();
  const username = forgotPassword.username();
  if (!id || !username || type !== channel) return <Navigate to={paths.forgotPassword.href()} replace />;
  return (
    <Page title={WIZARD_TEXTS.confirmCode} narrow>
      <CodeForm
        sentTo={type === 'PHONE_NUMBER' ? shownPhone(username) : username}
        approve={(code) => calls.approveResetCode({ body: { identificator: id, code } })}
        resend={() => calls.resendResetCode({ body: { identificator: id, registrationType: type, osType: OS_TYPE } })}
        onApproved={() => {
          forgotPassword.setStep(3);
          void navigate(paths.forgotReset.href());
        }}
      />
    </Page>
  );
}
