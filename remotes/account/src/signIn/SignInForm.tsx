import { useEffect } from 'react';
import {
  Alert,
  ApiError,
  Button,
  Card,
  Page,
  TextField,
  authStore,
  loginRequestSchema,
  messages,
  Link,
  useForm,
  useNavigate,
  paths,
  formRules,
  preloadApiClient,
  useSubmit,
} from '@portal/shared';
import styles from './SignInForm.module.css';
import { PASSKEY_SIGN_IN, TITLES } from '../texts';
import { loadAccountPage, prepareAccountPage } from '../account/prepare';

/** What the customer types of the sign-in request (product.md §2): both filled. */
const signInRules = formRules.pick(loginRequestSchema, { username: true, password: true });

function failureMessage(error: ApiError): string {
  if (error.status === 429) return `${messages.loginFailed}. ${messages.loginTooMany}`;
  if (error.status === 0) return `${messages.loginFailed}. ${messages.networkError}`;
  // Blocked by the operator's staff: the server's message says so and names the support contact.
  if (error.status === 403 && error.code === 'ACCOUNT_BLOCKED' && error.serverMessage) {
    return `${messages.loginFailed}. ${error.serverMessage}`;
  }
  return messages.loginFailed;
}

/**
 * While the customer types, what the login needs next is fetched: the API client that sends it (the
 * server's Link header has it on its way) and, from the first keystroke, the account page's code.
 */
function useWhileTyping(): () => void {
  useEffect(() => preloadApiClient(), []);
  return () => void loadAccountPage().catch(() => undefined);
}

/** The passkey ceremonies' chunk (passkeys/ceremonies.ts), loaded on first use. */
const passkeyChunk = () => import(/* webpackChunkName: "passkeys" */ '../passkeys/ceremonies');

/** How long the form stays idle before the username field's autofill of passkeys is asked for. */
const AUTOFILL_AFTER_MS = 2000;

/**
 * Signing in with a passkey (docs/passkeys.md): the button's prompt, and the browser's own list of
 * passkeys in the username field (conditional mediation), asked for once the form has been idle a while,
 * so that its code comes after the page's, not with it. `signedIn` goes on as a password login does.
 */
function usePasskeySignIn(signedIn: () => void) {
  const submit = useSubmit(messages.loginFailed);
  const supported = typeof window.PublicKeyCredential === 'function';
  useEffect(() => {
    if (!supported) return;
    let chunk: ReturnType<typeof passkeyChunk> | null = null;
    const timer = window.setTimeout(() => {
      chunk = passkeyChunk();
      chunk
        .then((m) => m.signInWithPasskey(true))
        // The button says why a sign-in failed; the list just closes.
        .then(
          (answer) => answer && signedIn(),
          () => undefined,
        );
    }, AUTOFILL_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      void chunk?.then((m) => m.cancelPasskeyPrompt());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form: the list stays offered
  }, [supported]);
  const start = () =>
    void submit.run(
      async () => {
        if (await (await passkeyChunk()).signInWithPasskey(false)) signedIn();
      },
      { settle: true },
    );
  return { supported, start, busy: submit.busy, error: submit.error };
}

/** The sign-in form of product.md §2: submit stays disabled until both fields are filled. */
export function SignInForm() {
  const navigate = useNavigate();
  const typing = useWhileTyping();
  const signedIn = () => {
    // Signed in: the account page's reads start now, beside its code, not once it has rendered.
    prepareAccountPage();
    navigate(paths.account.href());
  };
  const passkey = usePasskeySignIn(signedIn);
  const form = useForm({
    schema: signInRules,
    initial: { username: '', password: '' },
    explain: failureMessage,
    send: async ({ username, password }) => {
      await authStore.getState().login({ username, password });
      signedIn();
    },
  });
  return (
    <Page title={TITLES.login} narrow>
      <Card>
        <form onSubmit={form.onSubmit} onInput={typing} noValidate>
          {form.failure && <Alert kind="error">{form.failure}</Alert>}
          <TextField
            label={messages.loginUsername}
            autoComplete="username webauthn"
            {...form.field('username')}
            error={undefined} // the button waits for both fields; a failed login says why above them
          />
          <TextField
            label={messages.loginPassword}
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
            error={undefined}
          />
          <p className={styles.forgot}>
            <Link to={paths.forgotPassword.href()}>{messages.forgotPassword}</Link>
          </p>
          <Button type="submit" block disabled={!form.valid || form.busy} aria-busy={form.busy}>
            {form.busy ? messages.loading : messages.loginSubmit}
          </Button>
        </form>
        {passkey.supported && (
          <div className={styles.passkey}>
            {passkey.error && <Alert kind="error">{passkey.error}</Alert>}
            <Button variant="secondary" block disabled={passkey.busy} aria-busy={passkey.busy} onClick={passkey.start}>
              {PASSKEY_SIGN_IN}
            </Button>
          </div>
        )}
        <p className={styles.register}>
          {messages.noAccount} <Link to={paths.register.href()}>{messages.createAccount}</Link>
        </p>
      </Card>
    </Page>
  );
}
