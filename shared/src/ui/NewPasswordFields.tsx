import { checkNewPassword, WEAK_PASSWORD_MESSAGE } from '../contract/customer';
import { TextField } from './TextField';

/** The words of a new-password pair: the forms word them differently. */
export interface NewPasswordTexts {
  label: string;
  confirmLabel: string;
  hint: string;
  /** Said under the confirmation when it differs. */
  differ: string;
  /** Said under an empty field once the form was sent; without them an empty field says nothing. */
  required?: { password: string; confirm: string };
}

/**
 * A new password and its confirmation (registration, reset, change): the password rule's message
 * under a weak password, `differ` under a confirmation that differs. The form decides with
 * `checkNewPassword` whether both are ready to send; a form made with useForm gives the messages its
 * schema found in `errors` instead.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  texts,
  touched = false,
  errors,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  texts: NewPasswordTexts;
  touched?: boolean;
  /** The fields' messages from the form's schema (useForm): shown as they are, `texts.required` and `differ` unused. */
  errors?: { password?: string; confirm?: string };
}) {
  const { weak, differ } = checkNewPassword(password, confirm);
  const empty = (value: string, message: string | undefined) => (touched && value.trim() === '' ? message : undefined);
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
        error={errors ? errors.password : weak ? WEAK_PASSWORD_MESSAGE : empty(password, texts.required?.password)}
      />
      <TextField
        label={texts.confirmLabel}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={
          errors
            ? errors.confirm
            : differ
              ? texts.differ
              : touched && confirm === ''
                ? texts.required?.confirm
                : undefined
        }
      />
    </>
  );
}
