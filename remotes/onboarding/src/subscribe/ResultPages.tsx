import { Alert, ButtonLink, Link, Page, getOperator, panelClass, useQuery, paths, messages } from '@portal/shared';
import { useEffect } from 'react';
import { subscriptionContentQuery } from './content';
import { RESULT_TEXTS as T } from '../texts';
import { saleRef } from '../wizard/storage';
import styles from './Subscribe.module.css';

/** `/pretplata-uspjesna` (product.md §2): activated, how to watch, app badges, back to /nalog. */
export function SubscribedPage() {
  const content = useQuery(subscriptionContentQuery);
  // The sale is made: its `ref` has been sent with it.
  useEffect(() => saleRef.forget(), []);
  return (
    <Page title={T.subscribedTitle} narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <Alert kind="success">{T.subscribed}</Alert>
        <p>{T.watch}</p>
        {content.isSuccess && (
          <ul className={styles.badges} aria-label={messages.getApp}>
            {content.data.apps.map((app) => (
              <li key={app.href}>
                <a href={app.href} rel="noopener noreferrer">
                  <img src={app.image} alt={app.label} width={148} height={44} />
                </a>
              </li>
            ))}
          </ul>
        )}
        <ButtonLink to={paths.account.href()}>{messages.backToAccount}</ButtonLink>
      </div>
    </Page>
  );
}

/** `/pretplata-greska` (product.md §2, §8): the reasons, the bank, the FAQ, the support e-mail, back to /paketi. */
export function SubscribeFailedPage() {
  const { supportEmail } = getOperator();
  return (
    <Page title={T.failedTitle} narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <Alert kind="error">{T.failed}</Alert>
        <p>{T.reasonsIntro}</p>
        <ul className={styles.list}>
          {T.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p>{T.bank}</p>
        <p>
          {T.see} <Link to={paths.faq.href()}>{T.faq}</Link> {T.orWrite}{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        <ButtonLink to={paths.packages.href()}>{T.backToPackages}</ButtonLink>
      </div>
    </Page>
  );
}
