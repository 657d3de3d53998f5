import { useEffect, useRef, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import { Alert, Button, TextField, messageOf, useForm } from '@portal/shared';
import { Dialog } from '@portal/shared/payments';
import { CONSOLE_TEXTS } from '../texts';
import styles from '../console.module.css';

type Values = Record<string, string>;

export interface ActionField {
  name: string;
  label: string;
  inputMode?: 'numeric' | 'decimal';
}

/**
 * A staff action behind a question: its fields (always a reason, for the audit trail) checked by the
 * contract's schema, one send at a time (a double click is one action), and the API's refusal shown in
 * the dialog. Closes itself once the action is done.
 */
export function ActionDialog<S extends z.ZodMiniType<unknown, Values>>({
  title,
  children,
  schema,
  initial,
  fields,
  send,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  schema: S;
  initial: z.input<S> & Values;
  fields: ActionField[];
  send: (data: z.output<S>) => Promise<unknown>;
  onClose: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // The first field has the focus once the dialog is open (its own effect, which runs before this one,
  // opens it and focuses its close button): the reason is typed at once.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const form = useForm({
    schema,
    initial,
    explain: (failure) => messageOf(failure, CONSOLE_TEXTS.customer.actionFailed),
    send: async (data) => {
      await send(data);
      onClose();
    },
  });
  return (
    <Dialog title={title} onClose={onClose}>
      <form ref={formRef} className={styles.dialogForm} onSubmit={form.onSubmit} noValidate>
        {children && <p>{children}</p>}
        {form.failure && <Alert kind="error">{String(form.failure)}</Alert>}
        {fields.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            inputMode={field.inputMode}
            autoComplete="off"
            {...form.field(field.name as keyof (z.input<S> & Values) & string)}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.busy}>
            {CONSOLE_TEXTS.dialog.confirm}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {CONSOLE_TEXTS.dialog.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
