import { Button, messages } from '@portal/shared';
import styles from './RemoteError.module.css';

export function RemoteError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.box} role="alert">
      <h1 className={styles.title}>{messages.remoteUnavailableTitle}</h1>
      <p>{messages.remoteUnavailableText}</p>
      <Button onClick={onRetry}>{messages.retry}</Button>
    </div>
  );
}
