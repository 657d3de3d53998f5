import { useEffect, useId, useRef, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import { Alert, Button, TextField, messageOf, useForm } from '@portal/shared';
import { Dialog } from '@portal/shared/payments';
import { CUSTOMER_TEXTS } from '../customer/texts';
import { DIALOG_TEXTS } from './texts';
import styles from '../support.module.css';

type Values = Record<string, string>;

interface ActionField {
  name: string;
  label: string;
  inputMode?: 'numeric' | 'decimal';
  /** One of these, as radio buttons under the label (none chosen when the dialog opens). */
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

/** A choice of one, its schema's message under it for assistive technology as a text field's is. */
function Choices({
  label,
  choices,
  field,
}: {
  label: string;
  choices: NonNullable<ActionField['choices']>;
  field: { name: string; value: string; onChange: (event: { target: { value: string } }) => void; error?: string };
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={field.error ? errorId : undefined}>
      <legend>{label}</legend>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={field.name}
            value={choice.value}
            checked={field.value === choice.value}
            onChange={field.onChange}
          />{' '}
          {choice.label}
        </label>
      ))}
      {field.error && (
        <span id={errorId} role="alert">
          {field.error}
        </span>
      )}
    </fieldset>
  );
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
    explain: (failure) => messageOf(failure, CUSTOMER_TEXTS.actionFailed),
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
        {fields.map((field) =>
          field.choices ? (
            <Choices
              key={field.name}
              label={field.label}
              choices={field.choices}
              field={form.field(field.name as keyof (z.input<S> & Values) & string)}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              inputMode={field.inputMode}
              autoComplete="off"
              {...form.field(field.name as keyof (z.input<S> & Values) & string)}
            />
          ),
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.busy}>
            {DIALOG_TEXTS.confirm}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {DIALOG_TEXTS.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
