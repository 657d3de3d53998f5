import { useLocation } from '@portal/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import { ScrollToTopButton } from './ScrollToTopButton';
import { hasOpaqueHeader, isChromeless } from './chrome';
import styles from './Layout.module.css';
import { SHELL_TEXTS } from '../texts';
import { usePageScript } from '../script/usePageScript';

/**
 * Scrolling resets to the top on every route change (product.md §2, Layout), never on the first render:
 * a page that arrived drawn has been read and scrolled before it hydrated, and a reloaded page is where
 * the browser put it back (docs/decisions/031-prerendered-public-pages.md).
 */
function useScrollReset(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useScrollReset(pathname);
  usePageScript();

  if (isChromeless(pathname)) {
    return <main id="sadrzaj">{children}</main>;
  }

  const opaque = hasOpaqueHeader(pathname);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#sadrzaj">
        {SHELL_TEXTS.skipToContent}
      </a>
      <Header opaque={opaque} />
      <main id="sadrzaj" tabIndex={-1} className={opaque ? styles.mainOpaque : styles.mainHero}>
        {children}
      </main>
      <Footer />
      <ScrollToTopButton />
    </div>
  );
}
