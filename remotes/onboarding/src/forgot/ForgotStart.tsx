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
import { WIZARD_TEXTS } from '../texts';
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
    <Page title={WIZARD_TEXTS.forgotTitle} narrow>
      <form className={panelClass()} onSubmit={submit} noValidate>
        <p className={styles.lead}>{WIZARD_TEXTS.forgotLead}</p>
        <TextField
          label={messages.loginUsername}
          autoComplete="username"
          maxLength={100}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <Button type="submit" block disabled={busy || !entered}>
          {busy ? messages.sending : WIZARD_TEXTS.sendCode}
        </Button>
      </form>
    </Page>
  );
}
