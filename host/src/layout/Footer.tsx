import { CARD_LOGOS, Link, messages, paths } from '@portal/shared';
import { SHELL_TEXTS } from '../texts';
import idCheck from '../assets/payments/mastercard-idcheck.svg';
import visaSecure from '../assets/payments/visa-secure.svg';
import { ScriptSwitch } from './ScriptSwitch';
import styles from './Footer.module.css';

const SUPPORT_EMAIL = 'podrska@ontv.ba';

const LINKS = [
  { to: paths.packages.href(), label: SHELL_TEXTS.packages },
  { to: paths.channels.href(), label: SHELL_TEXTS.channels },
  { to: paths.libraries.href(), label: SHELL_TEXTS.libraries },
  { to: paths.account.href(), label: messages.accountLabel },
  { to: paths.faq.href(), label: messages.faq },
  { to: paths.termsOfUse.href(), label: messages.termsOfUse },
  { to: paths.paymentTerms.href(), label: messages.termsOfPayment },
];

const SOCIAL = [
  {
    href: 'https://www.facebook.com/ontv.ba',
    label: 'Facebook',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z',
  },
  {
    href: 'https://www.instagram.com/ontv.ba',
    label: 'Instagram',
    path: 'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM17 5.8a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 2c-2.7 0-3 0-4.1.1C4.3 2.3 2.3 4.3 2.1 7.9 2 9 2 9.3 2 12s0 3 .1 4.1c.2 3.6 2.2 5.6 5.8 5.8 1.1.1 1.4.1 4.1.1s3 0 4.1-.1c3.6-.2 5.6-2.2 5.8-5.8.1-1.1.1-1.4.1-4.1s0-3-.1-4.1c-.2-3.6-2.2-5.6-5.8-5.8C15 2 14.7 2 12 2zm0 1.8c2.7 0 3 0 4 .1 2.6.1 3.9 1.4 4 4 .1 1 .1 1.4.1 4.1s0 3-.1 4c-.1 2.6-1.4 3.9-4 4-1 .1-1.3.1-4 .1s-3 0-4-.1c-2.6-.1-3.9-1.4-4-4-.1-1-.1-1.3-.1-4s0-3 .1-4c.1-2.6 1.4-3.9 4-4 1-.1 1.3-.1 4-.1z',
  },
  {
    href: 'https://www.youtube.com/@ontvba',
    label: 'YouTube',
    path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z',
  },
];

const PAYMENT_LOGOS = [
  { src: CARD_LOGOS.master.src, alt: 'Mastercard', width: 64 },
  { src: CARD_LOGOS.maestro.src, alt: 'Maestro', width: 64 },
  { src: idCheck, alt: 'Mastercard ID Check', width: 96 },
  { src: CARD_LOGOS.visa.src, alt: 'Visa', width: 64 },
  { src: visaSecure, alt: 'Visa Secure', width: 96 },
];

function SocialLinks() {
  return (
    <ul className={styles.social} aria-label={SHELL_TEXTS.social}>
      {SOCIAL.map((s) => (
        <li key={s.label}>
          <a href={s.href} rel="noopener noreferrer" target="_blank" aria-label={SHELL_TEXTS.newWindow(s.label)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d={s.path} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={SHELL_TEXTS.footer}>
          <ul className={styles.links}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.row}>
          <p className={styles.support}>
            {messages.support} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          {/* Not in the last row: the scroll-to-top button rests in the page's bottom right corner. */}
          <div className={styles.end}>
            <ScriptSwitch />
            <SocialLinks />
          </div>
        </div>
        <ul className={styles.payments} aria-label={SHELL_TEXTS.acceptedCards}>
          {PAYMENT_LOGOS.map((logo) => (
            <li key={logo.alt}>
              <img src={logo.src} alt={logo.alt} width={logo.width} height={40} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
        <p className={styles.legal}>
          © {new Date().getFullYear()} {SHELL_TEXTS.legal}{' '}
          <Link to={paths.privacyPolicy.href()}>{SHELL_TEXTS.privacy}</Link>
        </p>
      </div>
    </footer>
  );
}
