import { useState, type FormEvent } from 'react';
import { Alert, Button, Page, calls, toApiError, useNavigate, TextField, panelClass, checkNewPassword, WEAK_PASSWORD_MESSAGE, paths } from '@portal/shared';

export const PASSWORD_TEXTS = {
  old: 'Stara lozinka',
  new: 'Nova lozinka',
  confirm: 'Potvrdi novu lozinku',
  hint: 'Najmanje 8 karaktera', // spec 5: the hint says minimum 8 characters
  weak: WEAK_PASSWORD_MESSAGE,
  mismatch: 'Unesene lozinke se ne podudaraju', // spec 5, change-password variant
  wrongOld: 'Unesena lozinka nije tačna', // spec 8, status 400
  failed: 'Došlo je do nepoznate greške i lozinka nije promijenjena!', // spec 8, other errors
  submit: 'Promijeni lozinku',
} as const;

/** `/nalog/promijeni-lozinku` (spec 2, 5, 8): submit only when all three are filled, the new one is valid and they match. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const [error, setError] = useState<{ field: 'oldPassword' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const { password: newTrimmed, weak, differ: mismatch, ready } = checkNewPassword(values.newPassword, values.confirm);
  const valid = values.oldPassword !== '' && ready;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await calls.changePassword({ body: { oldPassword: values.oldPassword, newPassword: newTrimmed } });
      void navigate(paths.changePasswordDone.href());
    } catch (failure) {
      const status = toApiError(failure).status;
      setError(status === 400 ? { field: 'oldPassword', text: PASSWORD_TEXTS.wrongOld } : { field: 'form', text: PASSWORD_TEXTS.failed });
      setBusy(false);
    }
  }

  return (
    <Page title="Promjena lozinke" narrow>
      <form className={panelClass()} onSubmit={submit} noValidate>
        <TextField
          label={PASSWORD_TEXTS.old}
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={(e) => set('oldPassword')(e.target.value)}
          error={error?.field === 'oldPassword' ? error.text : undefined}
        />
        <TextField
          label={PASSWORD_TEXTS.new}
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_TEXTS.hint}
          maxLength={64}
          value={values.newPassword}
          onChange={(e) => set('newPassword')(e.target.value)}
          error={weak ? PASSWORD_TEXTS.weak : undefined}
        />
        <TextField
          label={PASSWORD_TEXTS.confirm}
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={values.confirm}
          onChange={(e) => set('confirm')(e.target.value)}
          error={mismatch ? PASSWORD_TEXTS.mismatch : undefined}
        />
        {error?.field === 'form' && <Alert kind="error">{error.text}</Alert>}
        <Button type="submit" block disabled={!valid || busy}>
          {busy ? 'Spremam…' : PASSWORD_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
