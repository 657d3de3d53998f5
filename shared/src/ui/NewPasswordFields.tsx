import { TextField } from './TextField';

/** The words of a new-password pair: the forms word them differently. */
export interface NewPasswordTexts {
  label: string;
  confirmLabel: string;
  hint: string;
}

/**
 * A new password and its confirmation (registration, reset, change), the messages its form's schema
 * found (useForm, with both fields `live`: the password rule and the mismatch show as the customer types).
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  texts,
  errors,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  texts: NewPasswordTexts;
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  return (
    <>
      <TextField
        label={texts.label}
        type="password"
        autoComplete="new-password"
        hint={texts.hint}
        maxLength={64}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label={texts.confirmLabel}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
