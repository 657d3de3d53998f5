import { useState, type FormEvent } from 'react';
import {
  Alert,
  ApiError,
  Button,
  Card,
  Page,
  TextField,
  authStore,
  messages,
  Link,
  useNavigate,
  paths,
} from '@portal/shared';
import styles from './LoginForm.module.css';
import { TITLES } from '../texts';

type Status = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return `${messages.loginFailed}. ${messages.loginTooMany}`;
  if (error instanceof ApiError && error.status === 0) return `${messages.loginFailed}. ${messages.networkError}`;
  return messages.loginFailed;
}

/** The login form of product.md §2: submit stays disabled until both fields are filled. */
export function LoginForm() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const filled = username.trim() !== '' && password !== '';
  const submitting = status.kind === 'submitting';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!filled || submitting) return;
    setStatus({ kind: 'submitting' });
    try {
      await authStore.getState().login({ username, password });
      setStatus({ kind: 'idle' });
      await navigate(paths.account.href());
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error) });
    }
  }

  return (
    <Page title={TITLES.login} narrow>
      <Card>
        <form onSubmit={submit} noValidate>
          {status.kind === 'failed' && <Alert kind="error">{status.message}</Alert>}
          <TextField
            label={messages.loginUsername}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label={messages.loginPassword}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className={styles.forgot}>
            <Link to={paths.forgotPassword.href()}>{messages.forgotPassword}</Link>
          </p>
          <Button type="submit" block disabled={!filled || submitting} aria-busy={submitting}>
            {submitting ? messages.loading : messages.loginSubmit}
          </Button>
        </form>
        <p className={styles.register}>
          {messages.noAccount} <Link to={paths.register.href()}>{messages.createAccount}</Link>
        </p>
      </Card>
    </Page>
  );
}
