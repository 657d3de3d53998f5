import type { ReactNode } from 'react';
import styles from './ui.module.css';
import { cx } from './cx';

const tone = { error: styles.alertError, info: styles.alertInfo, success: styles.alertSuccess };

/** A message box; errors are announced at once, other messages politely. */
export function Alert({ kind = 'info', children }: { kind?: keyof typeof tone; children: ReactNode }) {
  return (
    <div className={cx(styles.alert, tone[kind])} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
