import { useEffect } from 'react';
import {
  Alert,
  Button,
  OS_TYPE,
  Page,
  TextField,
  calls,
  checkUsernameRequestSchema,
  normaliseUsername,
  useForm,
  useNavigate,
  panelClass,
  paths,
  messages,
  formRules,
} from '@portal/shared';
import { forgotPassword } from '../wizard/storage';
import { WIZARD_TEXTS } from '../texts';
import styles from '../wizard/wizard.module.css';

/**
 * The username as the check-username request reads it (non-empty), sent as typed when it has @ and
 * normalised as a phone number otherwise (product.md §5).
 */
const forgotForm = formRules.object({
  username: formRules.pipe(
    checkUsernameRequestSchema.shape.username,
    formRules.transform((entered) => (entered.includes('@') ? entered : normaliseUsername(entered))),
  ),
});

/** `/zaboravljena-lozinka` (product.md §2, §5): an e-mail (has @) or a phone number (normalised); step 1 of 3. */
export function ForgotStart() {
  const navigate = useNavigate();
  const form = useForm({
    schema: forgotForm,
    initial: { username: '' },
    // product.md §8: the server-supplied message is shown if present.
    explain: messages.unknownError,
    send: async ({ username }) => {
      const answer = await calls.checkUsername({ body: { username, osType: OS_TYPE } });
      forgotPassword.started(answer.registrationType, answer.primaryUsername, answer.identificator);
      forgotPassword.setStep(2);
      void navigate(answer.registrationType === 'EMAIL' ? paths.forgotCodeEmail.href() : paths.forgotCodePhone.href());
    },
  });
  useEffect(() => forgotPassword.reset(), []);
  const username = form.field('username');

  return (
    <Page title={WIZARD_TEXTS.forgotTitle} narrow>
      <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
        <p className={styles.lead}>{WIZARD_TEXTS.forgotLead}</p>
        <TextField
          label={messages.loginUsername}
          autoComplete="username"
          maxLength={100}
          {...username}
          // product.md §5: the only rule is a non-empty value, and the disabled button says so.
          error={undefined}
        />
        {form.failure && <Alert kind="error">{form.failure}</Alert>}
        <Button type="submit" block disabled={form.busy || username.value.trim() === ''}>
          {form.busy ? messages.sending : WIZARD_TEXTS.sendCode}
        </Button>
      </form>
    </Page>
  );
}
