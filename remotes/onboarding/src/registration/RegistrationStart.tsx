import { useEffect } from 'react';
import { ButtonLink, Card, Page, Link, paths, messages } from '@portal/shared';
import { registration } from '../wizard/storage';
import { WIZARD_TEXTS } from '../texts';
import styles from './RegistrationStart.module.css';

/** `/kreiraj-nalog`: register with a phone number or an e-mail address, or log in (product.md §2, Registration). */
export function RegistrationStart() {
  // product.md §4: the start page begins a fresh registration (session data cleared, step 1).
  useEffect(() => registration.reset(), []);
  return (
    <Page title={messages.createAccount} narrow>
      <Card>
        <p className={styles.lead}>{WIZARD_TEXTS.start}</p>
        <div className={styles.choices}>
          <ButtonLink to={paths.registerPhone.href()} block>
            {WIZARD_TEXTS.byPhone}
          </ButtonLink>
          <ButtonLink to={paths.registerEmail.href()} variant="secondary" block>
            {WIZARD_TEXTS.byEmail}
          </ButtonLink>
        </div>
        <p className={styles.login}>
          {WIZARD_TEXTS.haveAccount} <Link to={paths.account.href()}>{messages.loginSubmit}</Link>
        </p>
      </Card>
    </Page>
  );
}
