import { Button, calls } from '@portal/shared';
import { staffCall } from '../api/staffClient';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';
import { SendButton } from './SendButton';

const T = CUSTOMER_TEXTS;

/** What the console may do for the customer: an admin blocks, unblocks, extends and ends a pause; anyone resends the code. */
export function ActionsSection({
  id,
  admin,
  blocked,
  paused,
  onOpen,
  onCodeSent,
}: {
  id: string;
  admin: boolean;
  blocked: boolean;
  /** A pause is under way: an admin may end it. */
  paused: boolean;
  onOpen: (kind: 'block' | 'unblock' | 'extend' | 'endPause') => void;
  onCodeSent: () => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="actions-title">
      <h2 id="actions-title">{T.actions}</h2>
      <div className={styles.actions}>
        {admin && !blocked && (
          <Button variant="secondary" onClick={() => onOpen('block')}>
            {T.block}
          </Button>
        )}
        {admin && blocked && (
          <Button variant="secondary" onClick={() => onOpen('unblock')}>
            {T.unblock}
          </Button>
        )}
        {admin && (
          <Button variant="secondary" onClick={() => onOpen('extend')}>
            {T.extend}
          </Button>
        )}
        {admin && paused && (
          <Button variant="secondary" onClick={() => onOpen('endPause')}>
            {T.endPause}
          </Button>
        )}
        <SendButton
          label={T.resendCode}
          send={() => staffCall(calls.staffResendCode, { params: { customerId: id } })}
          done={onCodeSent}
        />
      </div>
    </section>
  );
}
