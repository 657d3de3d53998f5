import { useState } from 'react';
import {
  Alert,
  Button,
  PAUSE_MONTHS,
  formatDate,
  localDay,
  pauseRefusal,
  useSubmit,
  type AccountInfo,
} from '@portal/shared';
import { Dialog, pauseSubscription, resumeSubscription } from '@portal/shared/payments';
import forms from '../forms.module.css';
import styles from './AccountPage.module.css';
import { PAUSE_TEXTS as T } from '../texts';

/**
 * A pause instead of a cancellation (product.md §10, A pause): 'Pauziraj pretplatu' for an ACTIVE
 * subscription outside a promo and a failing renewal (`pauseRefusal`, the API's rule); while a pause is
 * under way, what it is and 'Nastavi pretplatu' (a running one) or 'Otkaži pauzu' (one still to start).
 */
export function PausePanel({ info }: { info: AccountInfo }) {
  const [open, setOpen] = useState(false);
  const resume = useSubmit(T.resumeFailed);
  const pause = info.pause ?? null;
  if (pause) {
    return (
      <div className={styles.pending}>
        <p>
          {pause.running
            ? T.pausedUntil(formatDate(pause.until))
            : T.scheduled(formatDate(pause.from), formatDate(pause.until))}
        </p>
        <Button
          variant={pause.running ? 'primary' : 'secondary'}
          disabled={resume.busy}
          onClick={() => void resume.run(resumeSubscription, { settle: true })}
        >
          {pause.running ? T.resume : T.cancelPause}
        </Button>
        {resume.error && <Alert kind="error">{resume.error}</Alert>}
      </div>
    );
  }
  // Who may pause is the API's rule (`pauseRefusal`); with no pause under way, the once a year is its to say.
  const state = {
    promo: info.promos.length > 0,
    renewalFailing: !!info.renewalProblem,
    pauseFrom: null,
    pauseUntil: null,
  };
  if (!info.nextPaymentOn || pauseRefusal({ ...info, ...state }, localDay())) return null;
  return (
    <div className={styles.sectionActions}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {T.pause}
      </Button>
      {open && <PauseDialog from={info.nextPaymentOn} onClose={() => setOpen(false)} />}
    </div>
  );
}

/** The dialog: the pause's length, 1 to 3 months, and 'Potvrdi pauzu'. */
function PauseDialog({ from, onClose }: { from: string; onClose: () => void }) {
  const [months, setMonths] = useState<number>(1);
  const submit = useSubmit(T.failed);
  return (
    <Dialog title={T.title} onClose={onClose}>
      <p>{T.intro(formatDate(from))}</p>
      <fieldset className={forms.fieldset}>
        <legend>{T.length}</legend>
        {PAUSE_MONTHS.map((n) => (
          <label key={n} className={forms.choice}>
            <input type="radio" name="months" checked={months === n} onChange={() => setMonths(n)} />
            {T.months[n]}
          </label>
        ))}
      </fieldset>
      {submit.error && <Alert kind="error">{submit.error}</Alert>}
      <div className={forms.actions}>
        <Button
          disabled={submit.busy}
          onClick={() => void submit.run(() => pauseSubscription(months)).then((done) => done && onClose())}
        >
          {T.confirm}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
      </div>
    </Dialog>
  );
}
