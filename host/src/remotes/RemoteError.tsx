import { Button, messages } from '@portal/shared';
import styles from './RemoteError.module.css';

/** The slot of a remote built for another major release of @portal/shared (the specification has no text for it). */
const OUTDATED = {
  title: 'Ovaj dio portala se upravo ažurira',
  text: 'Osvježi stranicu za nekoliko minuta. Ostatak portala radi normalno.',
  action: 'Osvježi stranicu',
} as const;

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
