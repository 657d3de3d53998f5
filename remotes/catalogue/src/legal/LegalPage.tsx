import type { MouseEvent } from 'react';
import { LoadFailed, Page, Spinner, messages, retryRead, useNavigate, useQuery } from '@portal/shared';
import { legalTextQuery } from './legalText';
import styles from './LegalPage.module.css';
import { LEGAL_TEXTS } from '../texts';

export const LEGAL_PAGES = {
  'uslovi-placanja': { title: messages.termsOfPayment, file: 'terms.html' },
  'uslovi-koriscenja': { title: messages.termsOfUse, file: 'use-terms.html' },
  'privacy-policy': { title: LEGAL_TEXTS.privacy, file: 'privacy.html' },
} as const;

/** product.md §2: /uslovi-placanja, /uslovi-koriscenja and /privacy-policy/, static HTML from the resources. */
export default function LegalPage({ page }: { page: keyof typeof LEGAL_PAGES }) {
  const { title, file } = LEGAL_PAGES[page];
  const text = useQuery(legalTextQuery(file));
  const navigate = useNavigate();

  // Links to other portal pages inside the text move within the app instead of reloading it.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (
      !href ||
      !href.startsWith('/') ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Page title={title}>
      {text.isPending && <Spinner />}
      {text.isError && <LoadFailed message={messages.cannotLoad('Tekst')} retry={retryRead(legalTextQuery(file))} />}
      {text.isSuccess && (
        // The handler only catches clicks bubbling up from the links inside; they stay keyboard-operable.
        <div className={styles.text} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: text.data }} />
      )}
    </Page>
  );
}
