import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField, checkNewPassword, panelClass } from '@portal/shared';
import { texts } from '../texts';

/**
 * A new password and its confirmation (spec 5): both filled, 8 to 32 characters after trimming with
 * upper, lower, digit and special character, and equal. `save` gets the trimmed password.
 */
export function PasswordForm({ submitLabel, save, error }: { submitLabel: string; save: (password: string) => Promise<void> | void; error?: string | null }) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { password, weak, differ, ready: valid } = checkNewPassword(values.password, values.confirm);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    setBusy(true);
    try {
      await save(password);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={panelClass()} onSubmit={submit} noValidate>
      <TextField
        label="Lozinka"
        type="password"
        autoComplete="new-password"
        hint={texts.passwordHint}
        maxLength={64}
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={weak ? texts.passwordWeak : touched && password === '' ? 'Unesi lozinku.' : undefined}
      />
      <TextField
        label="Potvrdi lozinku"
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={values.confirm}
        onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
        error={differ ? texts.passwordsDiffer : touched && values.confirm === '' ? 'Ponovi lozinku.' : undefined}
      />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" block disabled={busy || !valid}>
        {busy ? 'Spremam…' : submitLabel}
      </Button>
    </form>
  );
}
