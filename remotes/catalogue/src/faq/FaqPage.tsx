import { LoadFailed, Page, Spinner, messages, retryRead, useQuery } from '@portal/shared';
import { faqQuery } from './faqQuery';
import styles from './FaqPage.module.css';

/** `/faq` (product.md §2, Public): the questions of `faq.json` as an accordion (native details/summary: keyboard and screen readers for free). */
export default function FaqPage() {
  const faq = useQuery(faqQuery);
  return (
    <Page title={messages.faq}>
      {faq.isPending && <Spinner />}
      {faq.isError && <LoadFailed message={messages.cannotLoad('Pitanja')} retry={retryRead(faqQuery)} />}
      {faq.isSuccess && (
        <div className={styles.list}>
          {faq.data.map((item) => (
            <details key={item.q} className={styles.item}>
              <summary className={styles.question}>{item.q}</summary>
              <p className={styles.answer}>{item.a}</p>
            </details>
          ))}
        </div>
      )}
    </Page>
  );
}
