import { Alert, Button, Page, Spinner } from '@portal/shared';
import { faqFileSchema, type FaqItem } from '../content/schemas';
import { useResource } from '../resources/useResource';
import styles from './FaqPage.module.css';

const readFaq = async (response: Response): Promise<FaqItem[]> => faqFileSchema.parse(await response.json());

/** Spec 2, /faq: the questions of `faq.json` as an accordion (native details/summary: keyboard and screen readers for free). */
export default function FaqPage() {
  const faq = useResource('faq.json', readFaq);
  return (
    <Page title="Česta pitanja">
      {faq.status === 'loading' && <Spinner />}
      {faq.status === 'failed' && <LoadFailed retry={faq.retry} what="Pitanja" />}
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

export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className={styles.failed}>
      <Alert kind="error">{what} trenutno nije moguće učitati. Provjeri internet vezu i pokušaj ponovo.</Alert>
      <Button variant="secondary" onClick={retry}>
        Pokušaj ponovo
      </Button>
    </div>
  );
}
