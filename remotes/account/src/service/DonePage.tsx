import type { ReactNode } from 'react';
import { Alert, ButtonLink, Page } from '@portal/shared';
import styles from '../forms.module.css';

/** A success page of the account area: what happened, and the way back to the account. */
export function DonePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} narrow>
      <div className={styles.form}>
        <Alert kind="success">{children}</Alert>
        <ButtonLink to="/nalog">Nazad na moj nalog</ButtonLink>
      </div>
    </Page>
  );
}
