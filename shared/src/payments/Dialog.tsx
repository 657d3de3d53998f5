import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './payments.module.css';
import { CARD_TEXTS } from './texts';

/**
 * A modal dialog on the native `<dialog>`: focus moves in and stays inside, Escape and the close
 * button call `onClose`, and focus returns to where it was when it closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const cancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog ref={ref} className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog} aria-labelledby={titleId}>
      <div className={styles.dialogHead}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={() => close.current()} aria-label={CARD_TEXTS.close}>
          ×
        </button>
      </div>
      <div className={styles.dialogBody}>{children}</div>
    </dialog>
  );
}
