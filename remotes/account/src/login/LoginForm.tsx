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
} from '@portal/shared';
import styles from './LoginForm.module.css';
import { TITLES } from '../texts';
import { loadAccountPage, prepareAccountPage } from '../account/prepare';

/** What the customer types of the login request (product.md §2): both filled. */
const loginForm = formRules.pick(loginRequestSchema, { username: true, password: true });

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

/** The login form of product.md §2: submit stays disabled until both fields are filled. */
export function LoginForm() {
  const navigate = useNavigate();
  const typing = useWhileTyping();
  const form = useForm({
    schema: loginForm,
    initial: { username: '', password: '' },
    explain: failureMessage,
    send: async ({ username, password }) => {
      await authStore.getState().login({ username, password });
      // Signed in: the account page's reads start now, beside its code, not once it has rendered.
      prepareAccountPage();
      navigate(paths.account.href());
    },
  });
  return (
    <Page title={TITLES.login} narrow>
      <Card>
        <form onSubmit={form.onSubmit} onInput={typing} noValidate>
          {form.failure && <Alert kind="error">{form.failure}</Alert>}
          <TextField
            label={messages.loginUsername}
            autoComplete="username"
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
        <p className={styles.register}>
          {messages.noAccount} <Link to={paths.register.href()}>{messages.createAccount}</Link>
        </p>
      </Card>
    </Page>
  );
}
