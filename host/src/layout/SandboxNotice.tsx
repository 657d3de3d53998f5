import { getPaymentSettings } from '@portal/shared';
import styles from './SandboxNotice.module.css';

/**
 * In the header of every page of a portal that takes cards through the sandbox processor (the embedded
 * default of `npm start`), so nobody mistakes it for the real shop. It is there from the first render:
 * nothing moves when it appears.
 */
export function SandboxNotice() {
  if (getPaymentSettings().provider !== 'sandbox') return null;
  return (
    <p className={styles.notice} role="note">
      Probno okruženje<span className={styles.more}>: plaćanja nisu stvarna.</span>
    </p>
  );
}
