import { Alert, ButtonLink, Link, Page, getOperator, panelClass, useQuery, paths, messages } from '@portal/shared';
import { useEffect } from 'react';
import { subscriptionContentQuery } from './content';
import { saleRef } from '../wizard/storage';
import styles from './Subscribe.module.css';

/** `/pretplata-uspjesna` (product.md §2): activated, how to watch, app badges, back to /nalog. */
export function SubscribedPage() {
  const content = useQuery(subscriptionContentQuery);
  // The sale is made: its `ref` has been sent with it.
  useEffect(() => saleRef.forget(), []);
  return (
    <Page title="Pretplata je aktivirana" narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <Alert kind="success">Čestitamo! Tvoja pretplata je aktivirana.</Alert>
        <p>
          Gledaj u aplikaciji ON TV na mobitelu, tabletu ili Android TV-u: preuzmi je i prijavi se istim podacima kao na
          portalu.
        </p>
        {content.isSuccess && (
          <ul className={styles.badges} aria-label="Preuzmi aplikaciju">
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
    <Page title="Pretplata nije uspjela" narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <Alert kind="error">Plaćanje nije uspjelo, pa pretplata nije aktivirana.</Alert>
        <p>Mogući razlozi:</p>
        <ul className={styles.list}>
          <li>banka nije odobrila transakciju (neuspješna autorizacija)</li>
          <li>previše pokušaja plaćanja karticom u kratkom vremenu</li>
          <li>nedovoljno sredstava na računu</li>
        </ul>
        <p>Za više informacija obrati se banci koja je izdala tvoju karticu.</p>
        <p>
          Pogledaj <Link to={paths.faq.href()}>česta pitanja</Link> ili piši našoj podršci na{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        <ButtonLink to={paths.packages.href()}>Nazad na pakete</ButtonLink>
      </div>
    </Page>
  );
}
