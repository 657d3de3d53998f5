import { ApiError, configureApi, getProduct, queryClient } from '@portal/shared';
import { STAFF_TEXTS } from '@portal/shared/contract/support';
import { endSession, sessionStore, touchSession } from './session';

/**
 * The console calls the API as the portal's pages do: with the functions of the contract's one table
 * (`calls.staff…` and `download.staffAuditCsv` of @portal/shared, docs/decisions/059-one-endpoint-table.md),
 * made by the page's one client. What is the console's own is whose token signs them, and what a call
 * does to the member's session: `staffCall(calls.staffCustomer, { params })` sends the session's token
 * (or a sign-in step's `challenge`), never a customer's, and no customer's refresh follows a 401.
 */

/** The API the console's host names (support.config.json): the page's client calls it. */
export function configureStaffApi(baseURL: string): void {
  configureApi({ baseURL, product: getProduct() });
}

/** One of the table's functions, as `calls` and `download` hold them. */
type TableCall = (...args: never[]) => Promise<unknown>;
/** Its input as the console gives it: a sign-in step's challenge token in place of the session's. */
type StaffInput<F extends TableCall> = Omit<NonNullable<Parameters<F>[0]>, 'token'> & { challenge?: string };
type StaffArgs<F extends TableCall> = [] extends Parameters<F> ? [input?: StaffInput<F>] : [input: StaffInput<F>];

/**
 * Makes one of the console's calls as the signed-in member: the answer as the table's function answers
 * it (checked against its schema; a failure an ApiError). A call the session signed starts its idle time
 * again; its 401 ends the session in this tab, and the console shows the sign-in form with why.
 */
export async function staffCall<F extends TableCall>(
  call: F,
  ...[input]: StaffArgs<F>
): Promise<Awaited<ReturnType<F>>> {
  const { challenge, ...rest } = (input ?? {}) as { challenge?: string };
  const token = challenge ?? sessionStore.getState().token;
  const send = call as unknown as (input: object) => Promise<Awaited<ReturnType<F>>>;
  try {
    const answer = await send({ ...rest, token });
    if (!challenge) touchSession();
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !challenge && token !== null) {
      endSession(error.serverMessage ?? STAFF_TEXTS.sessionOver);
      queryClient.removeQueries({ queryKey: ['staff'] });
    }
    throw error;
  }
}
