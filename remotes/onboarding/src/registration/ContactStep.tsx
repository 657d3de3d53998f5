import type * as zod from 'zod/mini';
import {
  Alert,
  Button,
  OS_TYPE,
  Page,
  REGISTRATION_DEVICE_TYPE,
  TextField,
  calls,
  getDevice,
  registrationPhoneSchema,
  startRegistrationRequestSchema,
  useForm,
  useNavigate,
  type RegistrationType,
  panelClass,
  paths,
  messages,
  formRules,
} from '@portal/shared';
import { registration } from '../wizard/storage';
import { WIZARD_TEXTS } from '../texts';
import styles from '../wizard/wizard.module.css';

/**
 * The username as each kind is typed (product.md §5): a phone by the registration phone rule (spaces
 * allowed, sent in its stored form), an e-mail as the start-registration request reads it (non-empty).
 */
const CONTACT_FORM: Record<RegistrationType, zod.ZodMiniType<{ username: string }, { username: string }>> = {
  PHONE_NUMBER: formRules.object({ username: registrationPhoneSchema }),
  EMAIL: formRules.object({ username: startRegistrationRequestSchema.shape.username }),
};

/** What typing may leave in a phone number: digits and the spaces that group them. */
const digitsAndSpaces = (typed: string) => typed.replace(/[^\d\s]/g, '');

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
  const kind = KIND[type];
  const form = useForm({
    schema: CONTACT_FORM[type],
    initial: { username: '' },
    keep: type === 'PHONE_NUMBER' ? { username: digitsAndSpaces } : {},
    // product.md §8: the server's message field is shown under the form when present.
    explain: messages.unknownError,
    send: async ({ username }) => {
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
    },
  });
  const username = form.field('username');
  const empty = username.value.trim() === '';

  return (
    <Page title={kind.title} narrow>
      <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
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
          {...username}
          // product.md §5: an e-mail is only checked non-empty, and the disabled button says so.
          error={type === 'PHONE_NUMBER' ? username.error : undefined}
        />
        {form.failure && <Alert kind="error">{form.failure}</Alert>}
        <Button type="submit" block disabled={form.busy || empty}>
          {form.busy ? messages.sending : WIZARD_TEXTS.sendCode}
        </Button>
      </form>
    </Page>
  );
}
