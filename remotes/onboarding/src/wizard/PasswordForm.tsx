import { useState, type FormEvent } from 'react';
import { Alert, Button, NewPasswordFields, checkNewPassword, panelClass, useSubmit, messages } from '@portal/shared';
import { texts, WIZARD_TEXTS } from '../texts';

const FIELD_TEXTS = {
  label: WIZARD_TEXTS.password,
  confirmLabel: WIZARD_TEXTS.confirmPassword,
  hint: texts.passwordHint,
  differ: texts.passwordsDiffer,
  required: { password: WIZARD_TEXTS.enterPassword, confirm: WIZARD_TEXTS.repeatPassword },
};

/**
 * A new password and its confirmation (product.md §5): both filled, 8 to 32 characters after trimming with
 * upper, lower, digit and special character, and equal. `save` gets the trimmed password; when it
 * fails, the server's message (or a general one) shows under the form.
 */
export function PasswordForm({
  submitLabel,
  save,
}: {
  submitLabel: string;
  save: (password: string) => Promise<void> | void;
}) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const submission = useSubmit(messages.unknownError);
  const { error } = submission;
  const { password, ready: valid } = checkNewPassword(values.password, values.confirm);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (valid) void submission.run(async () => save(password));
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
        {submission.busy ? messages.saving : submitLabel}
      </Button>
    </form>
  );
}
