import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from '../router';
import styles from './ui.module.css';
import { cx } from './cx';

type Variant = 'primary' | 'secondary';

interface Common {
  variant?: Variant;
  block?: boolean;
  children: ReactNode;
}

/** The button look for elements that are neither (a plain `<a href="#part">` within a page). */
export function buttonClass(variant: Variant = 'primary', block = false): string {
  return cx(styles.button, styles[variant], block && styles.block);
}

export function Button({
  variant = 'primary',
  block,
  className,
  type = 'button',
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={cx(styles.button, styles[variant], block && styles.block, className)} {...rest} />
  );
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: Common & LinkProps) {
  return <Link className={cx(styles.button, styles[variant], block && styles.block, className)} {...rest} />;
}
