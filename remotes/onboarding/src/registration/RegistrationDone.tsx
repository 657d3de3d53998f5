import { ButtonLink, Navigate, Page, useAuth, panelClass, paths } from '@portal/shared';
import { registration } from '../wizard/storage';
import styles from '../wizard/wizard.module.css';

/** `/kreiraj-nalog/registracija-uspjesna` (product.md §2): congratulations, the PIN, and where to go next. */
export function RegistrationDone() {
  const authorized = useAuth((s) => s.authorized);
  const pin = registration.pin();
  if (!pin) return <Navigate to={paths.account.href()} replace />;
  return (
    <Page title="Čestitamo!" narrow>
      <div className={panelClass()}>
        <p className={styles.lead}>Tvoj nalog je kreiran. Ovo je tvoj PIN za aplikacije; sačuvaj ga:</p>
        <p className={styles.pin} aria-label={`PIN: ${pin.split('').join(' ')}`}>
          {pin}
        </p>
        <div className={styles.links}>
          {authorized ? (
            <ButtonLink to={paths.packages.href()} block>
              Izaberi paket
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.account.href()} block>
              Prijavi se
            </ButtonLink>
          )}
          <ButtonLink to={paths.changePin.href()} variant="secondary" block>
            Promijeni PIN
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
