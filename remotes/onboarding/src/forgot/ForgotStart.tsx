import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  OS_TYPE,
  Page,
  TextField,
  calls,
  normaliseUsername,
  useNavigate,
  useSubmit,
  panelClass,
  paths,
  messages,
} from '@portal/shared';
import { forgotPassword } from '../wizard/storage';
import styles from '../wizard/wizard.module.css';

/** `/zaboravljena-lozinka` (product.md §2, §5): an e-mail (has @) or a phone number (normalised); step 1 of 3. */
export function ForgotStart() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  // product.md §8: the server-supplied message is shown if present.
  const { busy, error, run } = useSubmit(messages.unknownError);
  useEffect(() => forgotPassword.reset(), []);
  const entered = value.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!entered) return;
    const username = entered.includes('@') ? entered : normaliseUsername(entered);
    void run(async () => {
      const answer = await calls.checkUsername({ body: { username, osType: OS_TYPE } });
      forgotPassword.started(answer.registrationType, answer.primaryUsername, answer.identificator);
      forgotPassword.setStep(2);
      void navigate(answer.registrationType === 'EMAIL' ? paths.forgotCodeEmail.href() : paths.forgotCodePhone.href());
    });
  }

  return (
    <Page title="Zaboravljena lozinka" narrow>
      <form className={panelClass()} onSubmit={submit} noValidate>
        <p className={styles.lead}>
          Unesi e-mail adresu ili broj telefona s kojim si kreirao nalog. Poslat ćemo ti kod za promjenu lozinke.
        </p>
        <TextField
          label="E-mail ili broj telefona"
          autoComplete="username"
          maxLength={100}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <Button type="submit" block disabled={busy || !entered}>
          {busy ? messages.sending : 'Pošalji kod'}
        </Button>
      </form>
    </Page>
  );
}
