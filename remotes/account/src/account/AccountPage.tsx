import { Alert, Button, Spinner, Card, Page, messages, useAccountInfo, useAuth, useLogout } from '@portal/shared';
import styles from './AccountPage.module.css';

export const ACCOUNT_INFO_FAILED = 'Podaci o pretplati trenutno nisu dostupni. Pokušaj ponovo kasnije.';

export function AccountPage() {
  const tokenData = useAuth((s) => s.tokenData);
  const logout = useLogout();
  const account = useAccountInfo();
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
            {account.status === 'ready' && account.value.accountNumber && (
              <>
                <dt>Korisnički broj</dt>
                <dd>{account.value.accountNumber}</dd>
              </>
            )}
          </dl>
          {account.status === 'loading' && <Spinner />}
        </Card>
        {account.status === 'failed' && <Alert kind="error">{ACCOUNT_INFO_FAILED}</Alert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void logout()}>
            {messages.logout}
          </Button>
        </div>
      </div>
    </Page>
  );
}
