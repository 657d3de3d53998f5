import { useEffect } from 'react';
import { ButtonLink, Card, Page, Link, paths, messages } from '@portal/shared';
import { registration } from '../wizard/storage';
import styles from './RegistrationStart.module.css';

/** `/kreiraj-nalog`: register with a phone number or an e-mail address, or log in (product.md §2, Registration). */
export function RegistrationStart() {
  // product.md §4: the start page begins a fresh registration (session data cleared, step 1).
  useEffect(() => registration.reset(), []);
  return (
    <Page title="Kreiraj nalog" narrow>
      <Card>
        <p className={styles.lead}>Izaberi kako želiš kreirati nalog.</p>
        <div className={styles.choices}>
          <ButtonLink to={paths.registerPhone.href()} block>
            Putem broja telefona
          </ButtonLink>
          <ButtonLink to={paths.registerEmail.href()} variant="secondary" block>
            Putem e-mail adrese
          </ButtonLink>
        </div>
        <p className={styles.login}>
          Već imaš nalog? <Link to={paths.account.href()}>{messages.loginSubmit}</Link>
        </p>
      </Card>
    </Page>
  );
}
