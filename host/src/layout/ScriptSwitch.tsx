import { SCRIPT_LANG, scriptStore, useScript } from '@portal/shared';
import { SHELL_TEXTS } from '../texts';
import styles from './ScriptSwitch.module.css';

const OPTIONS = [
  { script: 'latin', label: SHELL_TEXTS.latin },
  { script: 'cyrillic', label: SHELL_TEXTS.cyrillic },
] as const;

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
          onClick={() => scriptStore.getState().choose(option.script)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
