import { Alert, ButtonLink, Page, panelClass, paths } from '@portal/shared';

/** `/zaboravljena-lozinka/resetovanje-lozinke-uspjesno` (product.md §2): back to /nalog to log in. */
export function ForgotDone() {
  return (
    <Page title="Lozinka je promijenjena" narrow>
      <div className={panelClass()}>
        <Alert kind="success">
          Lozinka je uspješno promijenjena. Prijavi se novom lozinkom; na ostalim uređajima smo te odjavili.
        </Alert>
        <ButtonLink to={paths.account.href()} block>
          Prijavi se
        </ButtonLink>
      </div>
    </Page>
  );
}
