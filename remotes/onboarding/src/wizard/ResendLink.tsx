import { useEffect, useState } from 'react';
import { texts } from '../texts';
import styles from './wizard.module.css';

/** How long the sent or error message stays, and the link stays blocked (product.md §4, Resend link: 5 seconds). */
export const RESEND_LOCK_MS = 5000;

type State = 'idle' | 'sending' | 'sent' | 'failed';

/** The resend-code link (product.md §4): a message after each click, back to 'Pošalji kod ponovo' after 5 seconds. */
export function ResendLink({ resend }: { resend: () => Promise<unknown> }) {
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state !== 'sent' && state !== 'failed') return;
    const timer = window.setTimeout(() => setState('idle'), RESEND_LOCK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function click() {
    if (state !== 'idle') return;
    setState('sending');
    try {
      await resend();
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <p className={styles.resend} aria-live="polite">
      {state === 'idle' || state === 'sending' ? (
        <button type="button" className={styles.linkButton} onClick={() => void click()} disabled={state === 'sending'}>
          {texts.resend}
        </button>
      ) : (
        <span className={state === 'sent' ? styles.sent : styles.failed}>
          {state === 'sent' ? texts.resendSent : texts.resendFailed}
        </span>
      )}
    </p>
  );
}
