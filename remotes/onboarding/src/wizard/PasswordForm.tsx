import {
  Alert,
  Button,
  NewPasswordFields,
  newPasswordSchema,
  panelClass,
  useForm,
  messages,
  formRules,
} from '@portal/shared';
import { texts, WIZARD_TEXTS } from '../texts';

const FIELD_TEXTS = {
  label: WIZARD_TEXTS.password,
  confirmLabel: WIZARD_TEXTS.confirmPassword,
  hint: texts.passwordHint,
};

/**
 * A new password typed twice (product.md §5): both filled, the contract's password rule (newPasswordSchema:
 * 8 to 32 characters after trimming with upper, lower, digit and special character), and equal.
 */
const newPasswordForm = formRules
  .object({
    password: formRules.pipe(
      formRules.string().check(formRules.trim(), formRules.minLength(1, WIZARD_TEXTS.enterPassword)),
      newPasswordSchema,
    ),
    confirm: formRules.string().check(formRules.minLength(1, WIZARD_TEXTS.repeatPassword)),
  })
  .check(
    formRules.refine((form) => form.confirm.trim() === form.password, {
      path: ['confirm'],
      message: texts.passwordsDiffer,
    }),
  );

/**
 * A new password and its confirmation: the rule and the mismatch show as the customer types, an empty
 * field once they tried to send. `save` gets the trimmed password; when it fails, the server's message
 * (or a general one) shows under the form.
 */
export function PasswordForm({
  submitLabel,
  save,
}: {
  submitLabel: string;
  save: (password: string) => Promise<void> | void;
}) {
  const form = useForm({
    schema: newPasswordForm,
    initial: { password: '', confirm: '' },
    live: ['password', 'confirm'],
    explain: messages.unknownError,
    send: async ({ password }) => save(password),
  });

  return (
    <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
      <NewPasswordFields
        password={form.values.password}
        confirm={form.values.confirm}
        onPassword={(value) => form.set('password', value)}
        onConfirm={(value) => form.set('confirm', value)}
        texts={FIELD_TEXTS}
        errors={form.errors}
      />
      {form.failure && <Alert kind="error">{form.failure}</Alert>}
      <Button type="submit" block disabled={form.busy || !form.valid}>
        {form.busy ? messages.saving : submitLabel}
      </Button>
    </form>
  );
}
