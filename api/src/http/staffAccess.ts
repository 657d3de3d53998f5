import { STAFF_TEXTS, isRowId } from '@portal/shared/contract/support';
import { HttpError } from './validate';

/** What the staff route files share (routes/support/): a route file never imports another. */

/** The `{customerId}` of a path as a number; 404 when it cannot be a customer's. */
export function customerIdOf(params: { customerId: string }): number {
  if (!isRowId(params.customerId)) throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
  return Number(params.customerId);
}
