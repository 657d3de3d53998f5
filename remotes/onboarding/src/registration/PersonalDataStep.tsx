import { useState } from 'react';
import {
  Alert,
  Button,
  Navigate,
  OS_TYPE,
  Page,
  TextField,
  authStore,
  calls,
  continueRegistrationRequestSchema,
  useForm,
  useNavigate,
  panelClass,
  paths,
  messages,
  formRules,
} from '@portal/shared';
import { registration } from '../wizard/storage';
import { texts, WIZARD_TEXTS } from '../texts';
import styles from '../wizard/wizard.module.css';

const { firstName, lastName } = continueRegistrationRequestSchema.shape;
const required = (message: string) => formRules.string().check(formRules.trim(), formRules.minLength(1, message));

/** The names as the continue-registration request reads them (product.md §5: both required). */
const personalDataForm = formRules.object({
  firstName: formRules.pipe(required(texts.firstNameRequired), firstName),
  lastName: formRules.pipe(required(texts.lastNameRequired), lastName),
});

/**
 * `/kreiraj-nalog/licni-podaci` (product.md §2, §4): first and last name, then continue and finish the
 * registration (the answer is the PIN) and log in with the password held in memory.
 */
export function PersonalDataStep() {
  const navigate = useNavigate();
  const guid = registration.guid();
  const type = registration.type();
  const username = registration.username();
  // product.md §8: a failed completion is only logged.
  const form = useForm({
    schema: personalDataForm,
    initial: { firstName: '', lastName: '' },
    explain: (failure) => console.warn('Registration could not be completed', failure),
    send: async (names) => {
      const password = registration.password();
      if (!password) throw new Error('The registration password is gone');
      await calls.continueRegistration({
        body: {
          registrationType: type!,
          identificator: guid!,
          osType: OS_TYPE,
          password,
          ...names,
          secondaryUsername: '',
          requireOtp: false,
        },
      });
      const { pin } = await calls.finishRegistration({ body: { identificator: guid! } });
      registration.setPin(pin);
      try {
        await authStore.getState().login({ username: username!, password });
      } catch (failure) {
        console.warn('Automatic login after registration failed', failure);
      }
      registration.setPassword(null);
      void navigate(paths.registered.href());
    },
  });
  const [passwordLost] = useState(() => registration.password() === null);
  if (!guid || !type || !username) return <Navigate to={paths.register.href()} replace />;

  // A reload lost the password held in memory: ask for it again before finishing.
  if (passwordLost) {
    return (
      <Page title={WIZARD_TEXTS.personalData} narrow>
        <div className={panelClass()}>
          <Alert kind="info">{WIZARD_TEXTS.passwordLost}</Alert>
          <Button
            onClick={() => {
              registration.setStep(3);
              void navigate(paths.createPassword.href(), { replace: true });
            }}
          >
            {WIZARD_TEXTS.enterPasswordAgain}
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page title={WIZARD_TEXTS.personalData} narrow>
      <p className={styles.step}>{WIZARD_TEXTS.step(4)}</p>
      <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
        <TextField
          label={WIZARD_TEXTS.firstName}
          autoComplete="given-name"
          maxLength={60}
          {...form.field('firstName')}
        />
        <TextField
          label={WIZARD_TEXTS.lastName}
          autoComplete="family-name"
          maxLength={60}
          {...form.field('lastName')}
        />
        <Button type="submit" block disabled={form.busy}>
          {form.busy ? WIZARD_TEXTS.creating : messages.createAccount}
        </Button>
      </form>
    </Page>
  );
}
