import type { ReactNode } from 'react';
import { Alert, ButtonLink, Page, panelClass, paths, messages } from '@portal/shared';

/** A success page of the account area: what happened, and the way back to the account. */
export function DonePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} narrow>
      <div className={panelClass()}>
        <Alert kind="success">{children}</Alert>
        <ButtonLink to={paths.account.href()}>{messages.backToAccount}</ButtonLink>
      </div>
    </Page>
  );
}
