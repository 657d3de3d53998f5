import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Page,
  TextField,
  calls,
  endpoints,
  panelClass,
  paths,
  useNavigate,
  useSubmit,
  messages,
} from '@portal/shared';
import { PIN_TEXTS, TITLES } from '../texts';

const isPin = (value: string) => /^\d{4}$/.test(value);
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** `/nalog/promijeni-pin` (product.md §2, §5): the old PIN is verified with check-pin, then the new one is saved. */
export function ChangePinPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ oldPin: '', newPin: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  // product.md §8: any failed check means a wrong PIN (a lockout explains itself); a failed change is the form's.
  const {
    busy,
    error: serverError,
    setError: setServerError,
    run,
  } = useSubmit((failure): { field: 'oldPin' | 'form'; text: string } =>
    failure.url === endpoints.checkPin.path
      ? {
          field: 'oldPin',
          text: failure.status === 429 && failure.serverMessage ? failure.serverMessage : PIN_TEXTS.wrong,
        }
      : { field: 'form', text: PIN_TEXTS.failed },
  );

  const formatError = (value: string) => (touched && !isPin(value) ? PIN_TEXTS.format : undefined);
  const mismatch = touched && isPin(values.newPin) && isPin(values.confirm) && values.newPin !== values.confirm;
  const valid = isPin(values.oldPin) && isPin(values.newPin) && values.newPin === values.confirm;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: digitsOnly(value) }));
    setServerError(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    void run(async () => {
      await calls.checkPin({ body: { pin: values.oldPin } });
      await calls.changePin({ body: { oldPin: values.oldPin, newPin: values.newPin } });
      void navigate(paths.changePinDone.href());
    });
  }

  const pinField = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 4,
    pattern: '[0-9]*',
  } as const;
  return (
    <Page title={TITLES.changePin} narrow>
      <form className={panelClass()} onSubmit={submit} noValidate>
        <TextField
          label={PIN_TEXTS.old}
          {...pinField}
          value={values.oldPin}
          onChange={(e) => set('oldPin')(e.target.value)}
          error={serverError?.field === 'oldPin' ? serverError.text : formatError(values.oldPin)}
        />
        <TextField
          label={PIN_TEXTS.new}
          {...pinField}
          value={values.newPin}
          onChange={(e) => set('newPin')(e.target.value)}
          error={formatError(values.newPin)}
        />
        <TextField
          label={PIN_TEXTS.confirm}
          {...pinField}
          value={values.confirm}
          onChange={(e) => set('confirm')(e.target.value)}
          error={mismatch ? PIN_TEXTS.mismatch : formatError(values.confirm)}
        />
        {serverError?.field === 'form' && <Alert kind="error">{serverError.text}</Alert>}
        <Button type="submit" block disabled={busy} aria-disabled={busy}>
          {busy ? messages.saving : PIN_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
