import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Navigate,
  OS_TYPE,
  Page,
  TextField,
  authStore,
  calls,
  useNavigate,
  useSubmit,
  panelClass,
  paths,
  messages,
} from '@portal/shared';
import { registration } from '../wizard/storage';
import { texts, WIZARD_TEXTS } from '../texts';
import styles from '../wizard/wizard.module.css';

/**
 * `/kreiraj-nalog/licni-podaci` (product.md §2, §4): first and last name, then continue and finish the
 * registration (the answer is the PIN) and log in with the password held in memory.
 */
export function PersonalDataStep() {
  const navigate = useNavigate();
  const [names, setNames] = useState({ firstName: '', lastName: '' });
  const [touched, setTouched] = useState(false);
  // product.md §8: a failed completion is only logged.
  const { busy, run } = useSubmit((failure) => console.warn('Registration could not be completed', failure));
  const [passwordLost] = useState(() => registration.password() === null);
  const guid = registration.guid();
  const type = registration.type();
  const username = registration.username();
  if (!guid || !type || !username) return <Navigate to={paths.register.href()} replace />;

  const firstName = names.firstName.trim();
  const lastName = names.lastName.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const password = registration.password();
    if (!firstName || !lastName || !password) return;
    void run(async () => {
      await calls.continueRegistration({
        body: {
          registrationType: type!,
          identificator: guid!,
          osType: OS_TYPE,
          password,
          firstName,
          lastName,
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
    });
  }

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
      <form className={panelClass()} onSubmit={submit} noValidate>
        <TextField
          label={WIZARD_TEXTS.firstName}
          autoComplete="given-name"
          maxLength={60}
          value={names.firstName}
          onChange={(e) => setNames((n) => ({ ...n, firstName: e.target.value }))}
          error={touched && !firstName ? texts.firstNameRequired : undefined}
        />
        <TextField
          label={WIZARD_TEXTS.lastName}
          autoComplete="family-name"
          maxLength={60}
          value={names.lastName}
          onChange={(e) => setNames((n) => ({ ...n, lastName: e.target.value }))}
          error={touched && !lastName ? texts.lastNameRequired : undefined}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? WIZARD_TEXTS.creating : messages.createAccount}
        </Button>
      </form>
    </Page>
  );
}
