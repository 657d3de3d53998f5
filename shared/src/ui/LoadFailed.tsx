import { messages } from '../texts/common';
import { Alert } from './Alert';
import { Button } from './Button';
import { cx } from './cx';
import styles from './ui.module.css';

/** What failed to load, said as an error, with a 'Pokušaj ponovo' button that loads it again. */
export function LoadFailed({ message, retry, className }: { message: string; retry: () => void; className?: string }) {
  return (
    <div className={cx(styles.loadFailed, className)}>
      <Alert kind="error">{message}</Alert>
      <Button variant="secondary" onClick={retry}>
        {messages.retry}
      </Button>
    </div>
  );
}
