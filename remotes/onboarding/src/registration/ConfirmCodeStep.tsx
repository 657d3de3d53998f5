import { Navigate, OS_TYPE, Page, calls, useNavigate, paths, shownPhone } from '@portal/shared';
import { WIZARD_TEXTS } from '../texts';
import { CodeForm } from '../wizard/CodeForm';
import { registration } from '../wizard/storage';
import styles from '../wizard/wizard.module.css';

/** `/kreiraj-nalog/potvrdi-broj-telefona` and `/potvrdi-e-mail` (product.md §2): the activation code, with a resend link. */
export function ConfirmCodeStep() {
  const navigate = useNavigate();
  const guid = registration.guid();
  const type = registration.type();
  const username = registration.username();
  if (!guid || !type || !username) return <Navigate to={paths.register.href()} replace />;
  const sms = type === 'PHONE_NUMBER';

  return (
    <Page title={sms ? WIZARD_TEXTS.confirmPhone : WIZARD_TEXTS.confirmEmail} narrow>
      <p className={styles.step}>{WIZARD_TEXTS.step(2)}</p>
      <CodeForm
        sentTo={sms ? shownPhone(username) : username}
        approve={(code) =>
          sms
            ? calls.approveSms({ body: { identificator: guid, smsCode: code } })
            : calls.approveMail({ body: { identificator: guid, mailCode: code } })
        }
        resend={() => (sms ? calls.resendSms : calls.resendMail)({ body: { identificator: guid, osType: OS_TYPE } })}
        onApproved={() => void navigate(paths.createPassword.href())}
      />
    </Page>
  );
}
