import { Button, Card, Page, messages, useAuth, useLogout } from '@portal/shared';
import styles from './AccountPage.module.css';

export function AccountPage() {
  const tokenData = useAuth((s) => s.tokenData);
  const logout = useLogout();
  if (!tokenData) return null;
  const fullName = `${tokenData.first_name} ${tokenData.last_name}`.trim();
  const username = tokenData.email ?? (tokenData.phone_number ? `+${tokenData.phone_number}` : tokenData.device_username);

  return (
    <Page title="Moj nalog">
      <div className={styles.grid}>
        <Card>
          <h2 className={styles.heading}>Korisnički podaci</h2>
          <dl className={styles.data}>
            <dt>Ime i prezime</dt>
            <dd>{fullName}</dd>
            <dt>Korisničko ime</dt>
            <dd>{username}</dd>
          </dl>
        </Card>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void logout()}>
            {messages.logout}
          </Button>
        </div>
      </div>
    </Page>
  );
}
