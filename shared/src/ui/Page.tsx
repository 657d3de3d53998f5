import { useEffect, type ReactNode } from 'react';
import styles from './ui.module.css';
import { cx } from './cx';

const SITE = 'ON TV';

/**
 * The document's title, `Paketi | ON TV`, rendered by the page itself: React 19 puts a `<title>` into
 * the document's head, ahead of the shell's, and takes it out when the page goes.
 */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} | ${SITE}`}</title>;
}

/** Sets the document title from an effect. Kept for remotes built before DocumentTitle (the package only adds within a major). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
  }, [title]);
}

/** The main column of a page with its one h1; also sets the document title. */
export function Page({
  title,
  narrow,
  children,
  hideTitle,
}: {
  title: string;
  narrow?: boolean;
  hideTitle?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={cx(styles.page, narrow && styles.narrow)}>
      <DocumentTitle title={title} />
      <h1 className={cx(styles.pageTitle, hideTitle && 'visually-hidden')}>{title}</h1>
      {children}
    </div>
  );
}

/** A surface with a border and shadow: a page section by default, or a list item in a grid of cards. */
export function Card({
  children,
  className,
  as: Tag = 'section',
}: {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'li';
}) {
  return <Tag className={cx(styles.card, className)}>{children}</Tag>;
}

/** The look of a Card for another element (a form): a surface with its children stacked. */
export function panelClass(): string {
  return cx(styles.card, styles.stack);
}
