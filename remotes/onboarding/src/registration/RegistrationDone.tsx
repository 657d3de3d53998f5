import { ButtonLink, Navigate, Page, messages, useAuth, panelClass, paths } from '@portal/shared';
import { WIZARD_TEXTS } from '../texts';
import { registration } from '../wizard/storage';
import styles from '../wizard/wizard.module.css';

/** `/kreiraj-nalog/registracija-uspjesna` (product.md §2): congratulations, the PIN, and where to go next. */
export function RegistrationDone() {
  const authorized = useAuth((s) => s.authorized);
  const pin = registration.pin();
  if (!pin) return <Navigate to={paths.account.href()} replace />;
  return (
    <Page title={WIZARD_TEXTS.congratulations} narrow>
      <div className={panelClass()}>
        <p className={styles.lead}>{WIZARD_TEXTS.created}</p>
        <p className={styles.pin} aria-label={`PIN: ${pin.split('').join(' ')}`}>
          {pin}
        </p>
        <div className={styles.links}>
          {authorized ? (
            <ButtonLink to={paths.packages.href()} block>
              {messages.choosePlan}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.account.href()} block>
              {messages.loginSubmit}
            </ButtonLink>
          )}
          <ButtonLink to={paths.changePin.href()} variant="secondary" block>
            {messages.changePin}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
