import {
  Alert,
  Button,
  NewPasswordFields,
  Page,
  TextField,
  calls,
  changePasswordRequestSchema,
  newPasswordSchema,
  panelClass,
  paths,
  useForm,
  useNavigate,
  messages,
  formRules,
} from '@portal/shared';
import { PASSWORD_TEXTS, TITLES } from '../texts';

const FIELD_TEXTS = {
  label: PASSWORD_TEXTS.new,
  confirmLabel: PASSWORD_TEXTS.confirm,
  hint: PASSWORD_TEXTS.hint,
};

/**
 * The change-password request, its new password held to the password rule (newPasswordSchema, product.md §5)
 * and typed twice; the rule and the mismatch show as the customer types.
 */
const changePasswordForm = formRules
  .extend(changePasswordRequestSchema, {
    newPassword: newPasswordSchema,
    confirm: formRules.string(),
  })
  .check(
    formRules.refine((form) => form.confirm.trim() === form.newPassword, {
      path: ['confirm'],
      message: PASSWORD_TEXTS.mismatch,
    }),
  );

/** `/nalog/promijeni-lozinku` (product.md §2, §5, §8): submit only when all three are filled, the new one is valid and they match. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const form = useForm({
    schema: changePasswordForm,
    initial: { oldPassword: '', newPassword: '', confirm: '' },
    live: ['newPassword', 'confirm'],
    explain: (failure): { field: 'oldPassword' | 'form'; text: string } =>
      failure.status === 400
        ? { field: 'oldPassword', text: PASSWORD_TEXTS.wrongOld }
        : { field: 'form', text: PASSWORD_TEXTS.failed },
    send: async ({ oldPassword, newPassword }) => {
      await calls.changePassword({ body: { oldPassword, newPassword } }); // trimmed by the schema
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
          errors={{ password: form.errors.newPassword, confirm: form.errors.confirm }}
        />
        {failure?.field === 'form' && <Alert kind="error">{failure.text}</Alert>}
        <Button type="submit" block disabled={!form.valid || form.busy}>
          {form.busy ? messages.saving : PASSWORD_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
