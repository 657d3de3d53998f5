import { Button, TextField, codeSchema, panelClass, useForm, messages, formRules } from '@portal/shared';
import { texts, WIZARD_TEXTS } from '../texts';
import { ResendLink } from './ResendLink';
import styles from './wizard.module.css';

/** A one-time code as the approve calls' schema reads it (product.md §5: required, numeric). */
const codeForm = formRules.object({
  code: formRules.pipe(
    formRules.string().check(formRules.trim(), formRules.minLength(1, texts.codeRequired)),
    codeSchema,
  ),
});

/**
 * Enter a one-time code. `approve` throws on a wrong code: 400 shows 'Unijeli ste neispravan aktivacioni
 * kod.', anything else the server's message when it has one.
 */
export function CodeForm({
  sentTo,
  approve,
  resend,
  onApproved,
}: {
  sentTo: string;
  approve: (code: string) => Promise<unknown>;
  resend: () => Promise<unknown>;
  onApproved: () => void;
}) {
  const form = useForm({
    schema: codeForm,
    initial: { code: '' },
    explain: (failure) => (failure.status === 400 ? texts.wrongCode : (failure.serverMessage ?? messages.unknownError)),
    send: async ({ code }) => {
      await approve(code);
      onApproved();
    },
  });
  const code = form.field('code');

  return (
    <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
      <p className={styles.lead}>
        {WIZARD_TEXTS.sentTo} <strong>{sentTo}</strong>
        {WIZARD_TEXTS.enterIt}
      </p>
      <TextField
        label={WIZARD_TEXTS.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        {...code}
        error={form.failure ?? code.error}
      />
      <Button type="submit" block disabled={form.busy || code.value.trim() === ''}>
        {form.busy ? WIZARD_TEXTS.checkingCode : WIZARD_TEXTS.approveCode}
      </Button>
      <ResendLink resend={resend} />
    </form>
  );
}
