import { Alert, ButtonLink, Page, messages, panelClass, paths } from '@portal/shared';
import { WIZARD_TEXTS } from '../texts';

/** `/zaboravljena-lozinka/resetovanje-lozinke-uspjesno` (product.md §2): back to /nalog to log in. */
export function ForgotDone() {
  return (
    <Page title={messages.passwordChanged} narrow>
      <div className={panelClass()}>
        <Alert kind="success">{WIZARD_TEXTS.passwordChanged}</Alert>
        <ButtonLink to={paths.account.href()} block>
          {messages.loginSubmit}
        </ButtonLink>
      </div>
    </Page>
  );
}
