import { paths } from '../contract/paths';
import { authStore } from '../auth/store';
import { accountInfoQuery } from './account';
import { paymentDataQuery } from './customer';
import { askAhead } from './query';

/**
 * The reads a signed-in customer's page shows first, by its path (as the router matches it: any letter
 * case, a trailing slash allowed), each under the key its page reads it by.
 */
const FIRST_READS: Record<string, () => void> = {
  [paths.account.path]: () => {
    void askAhead(accountInfoQuery);
    void askAhead(paymentDataQuery);
  },
};

/**
 * Asks for the first reads of the page at `pathname` as soon as the session is known (the host's start),
 * beside the page's code instead of once it has arrived and rendered (docs/decisions/046). The page
 * takes the answers from the cache; a read that failed is asked again when the page shows it.
 */
export function prefetchFirstReads(pathname: string): void {
  if (!authStore.getState().authorized) return;
  FIRST_READS[pathname.replace(/(.)\/$/, '$1').toLowerCase()]?.();
}
