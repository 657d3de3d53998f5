import { ButtonLink, Page, messages, paths } from '@portal/shared';
import styles from './NotFound.module.css';

/** The 404 page for any unknown path, also inside a remote's prefix (product.md §2, Layout). */
export function NotFound() {
  return (
    <div className={styles.wrap}>
      <Page title={messages.notFoundTitle} narrow>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <p>{messages.notFoundText}</p>
        <ButtonLink to={paths.home.href()}>{messages.backHome}</ButtonLink>
      </Page>
    </div>
  );
}
