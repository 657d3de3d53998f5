import { useLocation } from '@portal/shared';
import { useEffect, type ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import { ScrollToTopButton } from './ScrollToTopButton';
import { hasOpaqueHeader, isChromeless } from './chrome';
import styles from './Layout.module.css';
import { SHELL_TEXTS } from '../texts';

/** Scrolling resets to the top on every route change (product.md §2, Layout). */
function useScrollReset(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useScrollReset(pathname);

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
