import type { ReactNode } from 'react';
import { DocumentTitle } from '@portal/shared';
import styles from './Hero.module.css';

/**
 * The dark band a catalogue page starts with: the header is transparent over it (product.md §2, Layout),
 * so the page's one h1 sits below the header's height.
 */
export function Hero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.hero}>
      <DocumentTitle title={title} />
      <div className={styles.inner}>
        <h1 className={styles.title}>{title}</h1>
        {children && <div className={styles.lead}>{children}</div>}
      </div>
    </header>
  );
}

/** The content column under a hero. */
export function Section({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className={styles.section} aria-label={label}>
      {children}
    </section>
  );
}
