import { Page, useNavigate, paths } from '@portal/shared';
import { PasswordForm } from '../wizard/PasswordForm';
import { registration } from '../wizard/storage';
import styles from '../wizard/wizard.module.css';

/** `/kreiraj-nalog/kreiraj-lozinku` (product.md §2): the password is kept in memory only until the registration is finished. */
export function PasswordStep() {
  const navigate = useNavigate();
  return (
    <Page title="Kreiraj lozinku" narrow>
      <p className={styles.step}>Korak 3 od 4</p>
      <PasswordForm
        submitLabel="Dalje"
        save={(password) => {
          registration.setPassword(password);
          void navigate(paths.personalData.href());
        }}
      />
    </Page>
  );
}
