import { Page, useNavigate, paths } from '@portal/shared';
import { PasswordForm } from '../wizard/PasswordForm';
import { WIZARD_TEXTS } from '../texts';
import { registration } from '../wizard/storage';
import styles from '../wizard/wizard.module.css';

/** `/kreiraj-nalog/kreiraj-lozinku` (product.md §2): the password is kept in memory only until the registration is finished. */
export function PasswordStep() {
  const navigate = useNavigate();
  return (
    <Page title={WIZARD_TEXTS.createPassword} narrow>
      <p className={styles.step}>{WIZARD_TEXTS.step(3)}</p>
      <PasswordForm
        submitLabel={WIZARD_TEXTS.next}
        save={(password) => {
          registration.setPassword(password);
          void navigate(paths.personalData.href());
        }}
      />
    </Page>
  );
}
