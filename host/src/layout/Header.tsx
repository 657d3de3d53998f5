import { useEffect, useState } from 'react';
import { cx, messages, useAuth, NavLink, useLocation, paths } from '@portal/shared';
import { Logo } from './Logo';
import { SandboxNotice } from './SandboxNotice';
import styles from './Header.module.css';
import { SHELL_TEXTS } from '../texts';

const NAV = [
  { to: paths.home.href(), label: SHELL_TEXTS.home, end: true },
  { to: paths.packages.href(), label: SHELL_TEXTS.packages },
  { to: paths.channels.href(), label: SHELL_TEXTS.channels },
  { to: paths.libraries.href(), label: SHELL_TEXTS.libraries },
] as const;

/** The account link reads the customer's first and last name once logged in (product.md §2, Layout). */
function AccountLabel() {
  const name = useAuth((s) =>
    s.authorized && s.tokenData ? `${s.tokenData.first_name} ${s.tokenData.last_name}`.trim() : null,
  );
  return <>{name || messages.accountLabel}</>;
}

function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 8);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

export function Header({ opaque }: { opaque: boolean }) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const scrolled = useScrolled();

  return (
    <header className={cx(styles.header, (opaque || scrolled || open) && styles.opaque)}>
      <div className={styles.inner}>
        <NavLink to={paths.home.href()} className={styles.brand} aria-label={SHELL_TEXTS.homeLink}>
          <Logo />
        </NavLink>
        <SandboxNotice />
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls="glavni-meni"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="visually-hidden">{open ? SHELL_TEXTS.closeMenu : SHELL_TEXTS.openMenu}</span>
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            {open ? (
              <path
                d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
                fill="currentColor"
              />
            ) : (
              <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
            )}
          </svg>
        </button>
        <nav id="glavni-meni" aria-label={SHELL_TEXTS.mainMenu} className={cx(styles.nav, open && styles.navOpen)}>
          <ul className={styles.links}>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={'end' in item}
                  className={({ isActive }) => cx(styles.link, isActive && styles.active)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink
                to={paths.account.href()}
                className={({ isActive }) => cx(styles.link, styles.account, isActive && styles.active)}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
                    fill="currentColor"
                  />
                </svg>
                <span>
                  <AccountLabel />
                </span>
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
