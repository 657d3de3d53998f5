import { Button, messages } from '@portal/shared';
import styles from './RemoteError.module.css';
import { OUTDATED_TEXTS as OUTDATED } from '../texts';

/**
 * What the slot of a remote shows when the remote cannot run: unavailable (network, server, a broken
 * build: retrying may help), or outdated (the remote needs a newer portal than this page: only a
 * reload, once the new portal is out, can help).
 */
export function RemoteError({ onRetry, outdated = false }: { onRetry: () => void; outdated?: boolean }) {
  return (
    <div className={styles.box} role="alert">
      <h1 className={styles.title}>{outdated ? OUTDATED.title : messages.remoteUnavailableTitle}</h1>
      <p>{outdated ? OUTDATED.text : messages.remoteUnavailableText}</p>
      <Button onClick={onRetry}>{outdated ? OUTDATED.action : messages.retry}</Button>
    </div>
  );
}
