import { accountInfoQuery, askAhead, paths, paymentDataQuery } from '@portal/shared';

/** The account page's code, its own chunk: fetched once, by whichever asks first (its route, or the two below). */
export const loadAccountPage = () => import(/* webpackChunkName: "account-page" */ './AccountPage');

/** Whether `pathname` is the account page's, as the router matches it (any letter case, a trailing slash allowed). */
export const isAccountPage = (pathname: string): boolean =>
  pathname.replace(/(.)\/$/, '$1').toLowerCase() === paths.account.path;

/**
 * What a signed-in customer's `/nalog` waits for, started side by side as soon as the session is known
 * (docs/decisions/046-signed-in-pages-start-with-the-session.md): the page's code and its two reads,
 * under the keys the page reads them by, instead of the reads waiting for the code to arrive and render.
 * A failure here is the page's to show: it asks again for what did not arrive.
 */
export function prepareAccountPage(): void {
  loadAccountPage().catch(() => undefined);
  void askAhead(accountInfoQuery);
  void askAhead(paymentDataQuery);
}
