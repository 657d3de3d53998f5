import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  OS_TYPE,
  Page,
  REGISTRATION_DEVICE_TYPE,
  TextField,
  calls,
  getDevice,
  normaliseUsername,
  REGISTRATION_PHONE,
  useNavigate,
  useSubmit,
  type RegistrationType,
  panelClass,
  paths,
  messages,
} from '@portal/shared';
import { registration } from '../wizard/storage';
import { WIZARD_TEXTS } from '../texts';
import styles from '../wizard/wizard.module.css';

const KIND = {
  PHONE_NUMBER: {
    title: WIZARD_TEXTS.phoneTitle,
    label: WIZARD_TEXTS.phoneLabel,
    next: paths.confirmPhone.href(),
  },
  EMAIL: { title: WIZARD_TEXTS.emailTitle, label: WIZARD_TEXTS.emailLabel, next: paths.confirmEmail.href() },
} as const;

/**
 * `/kreiraj-nalog/broj-telefona` and `/kreiraj-nalog/e-mail` (product.md §2, §5): the phone must be 06 and 7
 * to 9 digits, an e-mail only non-empty; the server's message is shown under the form on failure.
 */
export function ContactStep({ type }: { type: RegistrationType }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  // product.md §8: the server's message field is shown under the form when present.
  const { busy, error: serverError, setError: setServerError, run } = useSubmit(messages.unknownError);
  const kind = KIND[type];
  const entered = type === 'PHONE_NUMBER' ? value.replace(/\D/g, '') : value.trim();
  const formatError =
    type === 'PHONE_NUMBER' && touched && !REGISTRATION_PHONE.pattern.test(entered)
      ? REGISTRATION_PHONE.message
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (entered === '' || (type === 'PHONE_NUMBER' && !REGISTRATION_PHONE.pattern.test(entered))) return;
    const username = type === 'PHONE_NUMBER' ? normaliseUsername(entered) : entered;
    void run(async () => {
      const { data: guid } = await calls.startRegistration({
        body: {
          registrationType: type,
          deviceType: REGISTRATION_DEVICE_TYPE,
          ...getDevice(),
          username,
          osType: OS_TYPE,
        },
      });
      registration.started(type, username, guid);
      void navigate(kind.next);
    });
  }

  return (
    <Page title={kind.title} narrow>
      <form className={panelClass()} onSubmit={submit} noValidate>
        <p className={styles.step}>{WIZARD_TEXTS.step(1)}</p>
        <TextField
          label={kind.label}
          {...(type === 'PHONE_NUMBER'
            ? {
                type: 'tel',
                inputMode: 'numeric' as const,
                autoComplete: 'tel-national',
                placeholder: '06x xxx xxx',
                maxLength: 14,
              }
            : { type: 'email', autoComplete: 'email', maxLength: 100 })}
          value={value}
          onChange={(e) => {
            setValue(type === 'PHONE_NUMBER' ? e.target.value.replace(/[^\d\s]/g, '') : e.target.value);
            setServerError(null);
          }}
          error={formatError}
        />
        {serverError && <Alert kind="error">{serverError}</Alert>}
        <Button type="submit" block disabled={busy || entered === ''}>
          {busy ? messages.sending : WIZARD_TEXTS.sendCode}
        </Button>
      </form>
    </Page>
  );
}
