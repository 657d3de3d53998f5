import { LoadFailed, Page, Spinner, messages } from '@portal/shared';
import { faqFileSchema, type FaqItem } from '../content/schemas';
import { useResource } from '../resources/useResource';
import styles from './FaqPage.module.css';

const readFaq = async (response: Response): Promise<FaqItem[]> => faqFileSchema.parse(await response.json());

/** `/faq` (product.md §2, Public): the questions of `faq.json` as an accordion (native details/summary: keyboard and screen readers for free). */
export default function FaqPage() {
  const faq = useResource('faq.json', readFaq);
  return (
    <Page title={messages.faq}>
      {faq.status === 'loading' && <Spinner />}
      {faq.status === 'failed' && <LoadFailed message={messages.cannotLoad('Pitanja')} retry={faq.retry} />}
      {faq.status === 'ready' && (
        <div className={styles.list}>
          {faq.value.map((item) => (
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
