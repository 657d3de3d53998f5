import { useState, type FormEvent } from 'react';
import { Button, TextField, panelClass, useSubmit, messages } from '@portal/shared';
import { texts, WIZARD_TEXTS } from '../texts';
import { ResendLink } from './ResendLink';
import styles from './wizard.module.css';

/**
 * Enter a one-time code (product.md §5: required, numeric). `approve` throws on a wrong code: 400 shows
 * 'Unijeli ste neispravan aktivacioni kod.', anything else the server's message when it has one.
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
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, error, setError, run } = useSubmit((failure) =>
    failure.status === 400 ? texts.wrongCode : (failure.serverMessage ?? messages.unknownError),
  );
  const trimmed = code.trim();
  const fieldError =
    touched && trimmed === '' ? texts.codeRequired : touched && !/^\d+$/.test(trimmed) ? texts.codeNumeric : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!/^\d+$/.test(trimmed)) return;
    void run(async () => {
      await approve(trimmed);
      onApproved();
    });
  }

  return (
    <form className={panelClass()} onSubmit={submit} noValidate>
      <p className={styles.lead}>
        {WIZARD_TEXTS.sentTo} <strong>{sentTo}</strong>
        {WIZARD_TEXTS.enterIt}
      </p>
      <TextField
        label={WIZARD_TEXTS.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        error={error ?? fieldError}
      />
      <Button type="submit" block disabled={busy || trimmed === ''}>
        {busy ? 'Provjeravam…' : 'Potvrdi'}
      </Button>
      <ResendLink resend={resend} />
    </form>
  );
}
