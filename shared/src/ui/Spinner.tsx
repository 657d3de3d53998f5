import styles from './ui.module.css';
import { messages } from '../texts/common';

export function Spinner({ label = messages.loading }: { label?: string }) {
  return (
    <div className={styles.spinnerWrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
