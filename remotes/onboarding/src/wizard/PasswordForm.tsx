import { useState, type FormEvent } from 'react';
import { Alert, Button, NewPasswordFields, checkNewPassword, panelClass, useSubmit } from '@portal/shared';
import { texts } from '../texts';

const FIELD_TEXTS = {
  label: 'Lozinka',
  confirmLabel: 'Potvrdi lozinku',
  hint: texts.passwordHint,
  differ: texts.passwordsDiffer,
  required: { password: 'Unesi lozinku.', confirm: 'Ponovi lozinku.' },
};

/**
 * A new password and its confirmation (spec 5): both filled, 8 to 32 characters after trimming with
 * upper, lower, digit and special character, and equal. `save` gets the trimmed password and shows
 * its own error.
 */
export function PasswordForm({ submitLabel, save, error }: { submitLabel: string; save: (password: string) => Promise<void> | void; error?: string | null }) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const submission = useSubmit(texts.unknownError);
  const { password, ready: valid } = checkNewPassword(values.password, values.confirm);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (valid) void submission.run(async () => save(password), { settle: true });
  }

  return (
    <form className={panelClass()} onSubmit={submit} noValidate>
      <NewPasswordFields
        password={values.password}
        confirm={values.confirm}
        onPassword={(value) => setValues((v) => ({ ...v, password: value }))}
        onConfirm={(value) => setValues((v) => ({ ...v, confirm: value }))}
        texts={FIELD_TEXTS}
        touched={touched}
      />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" block disabled={submission.busy || !valid}>
        {submission.busy ? 'Spremam…' : submitLabel}
      </Button>
    </form>
  );
}
