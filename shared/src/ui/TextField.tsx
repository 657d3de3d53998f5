import { useId, useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import styles from './ui.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Shown under the field and announced; also marks the field invalid. */
  error?: string | undefined;
}

/** A labelled input with its hint and error wired to it for assistive technology. */
export function TextField({ label, hint, error, onChange, ...input }: Props) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const value = useRef(input.value);
  useLayoutEffect(() => {
    value.current = input.value;
  });
  // A controlled field shows its state even when a keystroke leaves the state as it was (a fifth digit
  // of a four-digit code, a letter in a phone number). React puts the value back itself; Preact
  // (docs/decisions/020-preact-renders.md) renders nothing then, so the field does it once the
  // keystroke's render, if any, is done.
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    void Promise.resolve().then(() => {
      const shown = value.current;
      if (ref.current && shown !== undefined && ref.current.value !== String(shown)) ref.current.value = String(shown);
    });
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
        ref={ref}
        onChange={change}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
