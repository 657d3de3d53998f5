import { useState } from 'react';
import {
  Alert,
  Button,
  LoadFailed,
  Page,
  Spinner,
  TextField,
  calls,
  messageOf,
  queryOptions,
  useForm,
  useQuery,
  useSubmit,
} from '@portal/shared';
import {
  staffCodeRequestSchema,
  staffLoginRequestSchema,
  staffNewPasswordFormSchema,
  type StaffChallenge,
} from '@portal/shared/contract/support';
import { staffCall } from '../api/staffClient';
import { startSession, useSession } from '../api/session';
import { browserId } from './browser';
import { SUPPORT_TEXTS } from '../texts';
import { SIGN_IN_TEXTS } from './texts';
import styles from '../support.module.css';

const T = SIGN_IN_TEXTS;

/**
 * Signing in to the console, in the API's steps (docs/decisions/032): the password, then a password of
 * the member's own after a one-time one, then the authenticator app's set-up with its QR code, then its
 * code. Each step after the first carries the challenge token the one before answered.
 */
export function SignIn() {
  const [challenge, setChallenge] = useState<StaffChallenge | null>(null);
  const ended = useSession((s) => s.ended);
  const restart = () => setChallenge(null);
  return (
    <main className={styles.signInPage} id="main">
      <p className={styles.brand}>{SUPPORT_TEXTS.product}</p>
      {!challenge && <PasswordStep ended={ended} onNext={setChallenge} />}
      {challenge?.next === 'change-password' && (
        <NewPasswordStep challenge={challenge.challenge} onNext={setChallenge} onRestart={restart} />
      )}
      {challenge?.next === 'totp-setup' && <CodeStep challenge={challenge.challenge} setUp onRestart={restart} />}
      {challenge?.next === 'totp' && <CodeStep challenge={challenge.challenge} onRestart={restart} />}
    </main>
  );
}

function PasswordStep({ ended, onNext }: { ended: string | null; onNext: (next: StaffChallenge) => void }) {
  const form = useForm({
    schema: staffLoginRequestSchema,
    initial: { email: '', password: '' },
    explain: (failure) => messageOf(failure, T.failed),
    send: async (body) => onNext(await staffCall(calls.staffLogin, { body: { ...body, browser: browserId() } })),
  });
  return (
    <Page title={T.title} narrow>
      <form className={styles.panel} onSubmit={form.onSubmit} noValidate>
        {ended && !form.failure && <Alert kind="info">{ended}</Alert>}
        {form.failure && <Alert kind="error">{String(form.failure)}</Alert>}
        <TextField label={T.email} type="email" autoComplete="username" autoFocus {...form.field('email')} />
        <TextField label={T.password} type="password" autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" disabled={form.busy} block>
          {T.submit}
        </Button>
      </form>
    </Page>
  );
}

function NewPasswordStep({
  challenge,
  onNext,
  onRestart,
}: {
  challenge: string;
  onNext: (next: StaffChallenge) => void;
  onRestart: () => void;
}) {
  const form = useForm({
    schema: staffNewPasswordFormSchema,
    initial: { newPassword: '', confirm: '' },
    live: ['newPassword', 'confirm'],
    explain: (failure) => messageOf(failure, T.failed),
    send: async ({ newPassword }) =>
      onNext(await staffCall(calls.staffChoosePassword, { body: { newPassword }, challenge })),
  });
  return (
    <Page title={T.newPasswordTitle} narrow>
      <form className={styles.panel} onSubmit={form.onSubmit} noValidate>
        <p>{T.newPasswordIntro}</p>
        {form.failure && <Alert kind="error">{String(form.failure)}</Alert>}
        <TextField
          label={T.newPassword}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.field('newPassword')}
        />
        <TextField label={T.confirmPassword} type="password" autoComplete="new-password" {...form.field('confirm')} />
        <StepButtons label={T.savePassword} disabled={form.busy} onRestart={onRestart} />
      </form>
    </Page>
  );
}

/** The QR code's picture: the server's SVG as an image (its markup never enters the page). */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function CodeStep({
  challenge,
  setUp = false,
  onRestart,
}: {
  challenge: string;
  setUp?: boolean;
  onRestart: () => void;
}) {
  const setup = useQuery(
    queryOptions({
      queryKey: ['staff-sign-in', 'totp-setup', challenge],
      queryFn: () => staffCall(calls.staffTotpSetup, { challenge }),
      enabled: setUp,
      staleTime: Infinity,
      gcTime: 0,
    }),
  );
  const form = useForm({
    schema: staffCodeRequestSchema,
    initial: { code: '' },
    keep: { code: (typed) => typed.replace(/[^\d ]/g, '').slice(0, 7) },
    explain: (failure) => messageOf(failure, T.failed),
    send: async ({ code }) => {
      const session = await staffCall(calls.staffTotp, { body: { code: code.replace(/\s/g, '') }, challenge });
      startSession(session.token, session.staff, session.idleMinutes);
    },
  });
  return (
    <Page title={setUp ? T.totpSetupTitle : T.totpTitle} narrow>
      <form className={styles.panel} onSubmit={form.onSubmit} noValidate>
        <p>{setUp ? T.totpSetupIntro : T.totpIntro}</p>
        {setUp && setup.isPending && <Spinner label={T.loadingSetup} />}
        {setUp && setup.isError && (
          <LoadFailed message={messageOf(setup.error, T.failed)} retry={() => void setup.refetch()} />
        )}
        {setUp && setup.isSuccess && (
          <figure className={styles.qr}>
            <img src={svgImage(setup.data.qrSvg)} alt={T.qrAlt} width={200} height={200} />
            <figcaption>
              {T.secretLabel} <code className={styles.secret}>{setup.data.secret}</code>
            </figcaption>
          </figure>
        )}
        {form.failure && <Alert kind="error">{String(form.failure)}</Alert>}
        <TextField
          label={T.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={!setUp}
          {...form.field('code')}
        />
        <StepButtons label={T.verify} disabled={form.busy || (setUp && !setup.isSuccess)} onRestart={onRestart} />
        {!setUp && <PasskeyStep challenge={challenge} />}
      </form>
    </Page>
  );
}

/** In place of the code, one of the member's passkeys (docs/passkeys.md); its code loads when pressed. */
function PasskeyStep({ challenge }: { challenge: string }) {
  const submit = useSubmit(T.failed);
  if (typeof window.PublicKeyCredential !== 'function') return null;
  const start = () =>
    void submit.run(
      async () => {
        const { signWithPasskey } = await import(/* webpackChunkName: "passkeys" */ '@portal/shared/passkeys/ceremony');
        const credential = await signWithPasskey(() => staffCall(calls.staffPasskeyLoginOptions, { challenge }));
        if (!credential) return;
        const session = await staffCall(calls.staffPasskeyLogin, { body: { credential }, challenge });
        startSession(session.token, session.staff, session.idleMinutes);
      },
      { settle: true },
    );
  return (
    <>
      {submit.error && <Alert kind="error">{submit.error}</Alert>}
      <Button variant="secondary" onClick={start} disabled={submit.busy} aria-busy={submit.busy} block>
        {T.withPasskey}
      </Button>
    </>
  );
}

/** A step after the password: its send, and the way back to the start (the challenge lasts 5 minutes). */
function StepButtons({ label, disabled, onRestart }: { label: string; disabled: boolean; onRestart: () => void }) {
  return (
    <>
      <Button type="submit" disabled={disabled} block>
        {label}
      </Button>
      <Button variant="secondary" onClick={onRestart} block>
        {T.startOver}
      </Button>
    </>
  );
}
