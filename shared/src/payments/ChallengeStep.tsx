import { Button, useSubmit } from '@portal/shared';
import type { Outcome } from './provider';
import { CARD_TEXTS } from './texts';
import styles from './payments.module.css';

/** The 3-D Secure challenge of the sandbox: approve or fail, as the bank's screen would. */
export function ChallengeStep({
  outcome,
  onAnswered,
}: {
  outcome: Extract<Outcome, { status: 'challenge' }>;
  onAnswered: (next: Outcome) => void;
}) {
  // An answer that did not reach the bank's screen can be given again.
  const { busy, run } = useSubmit((failure) => console.warn('The challenge answer failed', failure));
  const answer = (approve: boolean) => run(async () => onAnswered(await outcome.answer(approve)));
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
