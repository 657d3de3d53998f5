import type { ReactNode } from 'react';
import { ButtonLink, messages, paths } from '@portal/shared';
import styles from '../forms.module.css';

/** A confirm screen's buttons: its own (pay, confirm) and, beside them, the way back to the account. */
export function ConfirmActions({ children }: { children: ReactNode }) {
  return (
    <div className={styles.actions}>
      {children}
      <ButtonLink to={paths.account.href()} variant="secondary">
        {messages.cancel}
      </ButtonLink>
    </div>
  );
}
