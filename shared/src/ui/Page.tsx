import { useEffect, type ReactNode } from 'react';
import styles from './ui.module.css';
import { cx } from './cx';

const SITE = 'ON TV';

/** Sets the document title: `Paketi | ON TV`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
  }, [title]);
}

/** The main column of a page with its one h1; also sets the document title. */
export function Page({ title, narrow, children, hideTitle }: { title: string; narrow?: boolean; hideTitle?: boolean; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={cx(styles.page, narrow && styles.narrow)}>
      <h1 className={cx(styles.pageTitle, hideTitle && 'visually-hidden')}>{title}</h1>
      {children}
    </div>
  );
}

/** A surface with a border and shadow: a page section by default, or a list item in a grid of cards. */
export function Card({ children, className, as: Tag = 'section' }: { children: ReactNode; className?: string; as?: 'section' | 'li' }) {
  return <Tag className={cx(styles.card, className)}>{children}</Tag>;
}

/** The look of a Card for another element (a form): a surface with its children stacked. */
export function panelClass(): string {
  return cx(styles.card, styles.stack);
}
