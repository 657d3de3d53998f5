import { Alert, ButtonLink, Page } from '@portal/shared';
import styles from '../wizard/wizard.module.css';

/** `/zaboravljena-lozinka/resetovanje-lozinke-uspjesno` (spec 2): back to /nalog to log in. */
export function ForgotDone() {
  return (
    <Page title="Lozinka je promijenjena" narrow>
      <div className={styles.form}>
        <Alert kind="success">Lozinka je uspješno promijenjena. Prijavi se novom lozinkom; na ostalim uređajima smo te odjavili.</Alert>
        <ButtonLink to="/nalog" block>
          Prijavi se
        </ButtonLink>
      </div>
    </Page>
  );
}
