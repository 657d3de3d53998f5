import * as z from 'zod/mini';
import {
  Alert,
  Button,
  NewPasswordFields,
  Page,
  TextField,
  calls,
  changePasswordRequestSchema,
  checkNewPassword,
  panelClass,
  paths,
  useForm,
  useNavigate,
  messages,
} from '@portal/shared';
import { PASSWORD_TEXTS, TITLES } from '../texts';

const FIELD_TEXTS = {
  label: PASSWORD_TEXTS.new,
  confirmLabel: PASSWORD_TEXTS.confirm,
  hint: PASSWORD_TEXTS.hint,
  differ: PASSWORD_TEXTS.mismatch,
};

/**
 * The change-password request and the new password typed twice, held to the password rule (product.md §5);
 * NewPasswordFields says what is wrong as the customer types.
 */
const changePasswordForm = z
  .extend(changePasswordRequestSchema, { confirm: z.string() })
  .check(z.refine((form) => checkNewPassword(form.newPassword, form.confirm).ready, { path: ['newPassword'] }));

/** `/nalog/promijeni-lozinku` (product.md §2, §5, §8): submit only when all three are filled, the new one is valid and they match. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const form = useForm({
    schema: changePasswordForm,
    initial: { oldPassword: '', newPassword: '', confirm: '' },
    explain: (failure): { field: 'oldPassword' | 'form'; text: string } =>
      failure.status === 400
        ? { field: 'oldPassword', text: PASSWORD_TEXTS.wrongOld }
        : { field: 'form', text: PASSWORD_TEXTS.failed },
    send: async ({ oldPassword, newPassword }) => {
      await calls.changePassword({ body: { oldPassword, newPassword: newPassword.trim() } });
      void navigate(paths.changePasswordDone.href());
    },
  });
  const failure = typeof form.failure === 'object' ? form.failure : null;

  return (
    <Page title={TITLES.changePassword} narrow>
      <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
        <TextField
          label={PASSWORD_TEXTS.old}
          type="password"
          autoComplete="current-password"
          {...form.field('oldPassword')}
          error={failure?.field === 'oldPassword' ? failure.text : undefined}
        />
        <NewPasswordFields
          password={form.values.newPassword}
          confirm={form.values.confirm}
          onPassword={(value) => form.set('newPassword', value)}
          onConfirm={(value) => form.set('confirm', value)}
          texts={FIELD_TEXTS}
        />
        {failure?.field === 'form' && <Alert kind="error">{failure.text}</Alert>}
        <Button type="submit" block disabled={!form.valid || form.busy}>
          {form.busy ? messages.saving : PASSWORD_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
