import { isSandboxPortal, messages } from '@portal/shared';
import styles from './SandboxNotice.module.css';

/**
 * In the header of every page of a portal its server runs as a sandbox (the embedded default of
 * `npm start`: demo customers, the test card processor), so nobody mistakes it for the real shop. It
 * is there from the first render: nothing moves when it appears.
 */
export function SandboxNotice() {
  if (!isSandboxPortal()) return null;
  return (
    <p className={styles.notice} role="note">
      {messages.sandbox}
      <span className={styles.more}>{messages.sandboxNotice}</span>
    </p>
  );
}
