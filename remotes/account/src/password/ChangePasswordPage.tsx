import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  NewPasswordFields,
  Page,
  TextField,
  calls,
  checkNewPassword,
  panelClass,
  paths,
  useNavigate,
  useSubmit,
  messages,
} from '@portal/shared';
import { PASSWORD_TEXTS, TITLES } from '../texts';

const FIELD_TEXTS = {
  label: PASSWORD_TEXTS.new,
  confirmLabel: PASSWORD_TEXTS.confirm,
  hint: PASSWORD_TEXTS.hint,
  differ: PASSWORD_TEXTS.mismatch,
};

/** `/nalog/promijeni-lozinku` (product.md §2, §5, §8): submit only when all three are filled, the new one is valid and they match. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const submission = useSubmit((failure): { field: 'oldPassword' | 'form'; text: string } =>
    failure.status === 400
      ? { field: 'oldPassword', text: PASSWORD_TEXTS.wrongOld }
      : { field: 'form', text: PASSWORD_TEXTS.failed },
  );
  const { error } = submission;

  const { password: newTrimmed, ready } = checkNewPassword(values.newPassword, values.confirm);
  const valid = values.oldPassword !== '' && ready;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    submission.setError(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    void submission.run(async () => {
      await calls.changePassword({ body: { oldPassword: values.oldPassword, newPassword: newTrimmed } });
      void navigate(paths.changePasswordDone.href());
    });
  }

  return (
    <Page title={TITLES.changePassword} narrow>
      <form className={panelClass()} onSubmit={submit} noValidate>
        <TextField
          label={PASSWORD_TEXTS.old}
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={(e) => set('oldPassword')(e.target.value)}
          error={error?.field === 'oldPassword' ? error.text : undefined}
        />
        <NewPasswordFields
          password={values.newPassword}
          confirm={values.confirm}
          onPassword={set('newPassword')}
          onConfirm={set('confirm')}
          texts={FIELD_TEXTS}
        />
        {error?.field === 'form' && <Alert kind="error">{error.text}</Alert>}
        <Button type="submit" block disabled={!valid || submission.busy}>
          {submission.busy ? messages.saving : PASSWORD_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
