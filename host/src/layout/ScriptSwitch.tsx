import { authStore, calls, SCRIPT_LANG, scriptStore, useScript, type Script } from '@portal/shared';
import { SHELL_TEXTS } from '../texts';
import styles from './ScriptSwitch.module.css';

const OPTIONS = [
  { script: 'latin', label: SHELL_TEXTS.latin },
  { script: 'cyrillic', label: SHELL_TEXTS.cyrillic },
] as const;

/**
 * The script chosen, remembered on this device and, signed in, on the account (decision 054) for the
 * customer's other devices, e-mails, SMS and invoices. The page changes at once; a failed call is left
 * for the next choice to mend.
 */
function choose(script: Script): void {
  scriptStore.getState().choose(script);
  if (authStore.getState().authorized) calls.setScript({ body: { script } }).catch(() => undefined);
}

/**
 * The footer's choice of script (docs/decisions/050-latin-and-cyrillic-pages.md). Each is named in its own
 * script, so that a reader of either finds it, and is marked pressed when chosen.
 */
export function ScriptSwitch() {
  const script = useScript();
  return (
    <div role="group" aria-label={SHELL_TEXTS.script} className={styles.switch}>
      {OPTIONS.map((option) => (
        <button
          key={option.script}
          type="button"
          className={styles.option}
          lang={SCRIPT_LANG[option.script]}
          translate="no"
          aria-pressed={script === option.script}
          onClick={() => choose(option.script)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
