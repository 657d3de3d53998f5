import { useState } from 'react';
import { Button } from '@portal/shared';
import type { Outcome } from './provider';
import { CARD_TEXTS } from './texts';
import styles from './payments.module.css';

/** The 3-D Secure challenge of the sandbox: approve or fail, as the bank's screen would. */
export function ChallengeStep({ outcome, onAnswered }: { outcome: Extract<Outcome, { status: 'challenge' }>; onAnswered: (next: Outcome) => void }) {
  const [busy, setBusy] = useState(false);
  const answer = async (approve: boolean) => {
    setBusy(true);
    onAnswered(await outcome.answer(approve));
  };
  return (
    <div className={styles.challenge} role="group" aria-labelledby="challenge-title">
      <h3 id="challenge-title" className={styles.stepTitle}>
        {CARD_TEXTS.challengeTitle}
      </h3>
      <p>{CARD_TEXTS.challenge}</p>
      <div className={styles.actions}>
        <Button onClick={() => void answer(true)} disabled={busy}>
          {CARD_TEXTS.approve}
        </Button>
        <Button variant="secondary" onClick={() => void answer(false)} disabled={busy}>
          {CARD_TEXTS.reject}
        </Button>
      </div>
    </div>
  );
}
