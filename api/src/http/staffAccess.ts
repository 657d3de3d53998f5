import { STAFF_TEXTS, isRowId } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import type { StaffRow, StaffSession } from '../repositories/staff';
import { HttpError } from './validate';

/** What the staff route files share (routes/staff*.ts): a route file never imports another. */

/** The member of staff behind a session, as the database has them now; 401 when the account is gone. */
export async function memberOf(ctx: ApiContext, session: StaffSession): Promise<StaffRow> {
  const staff = await ctx.store.staff.byId(session.staffId);
  if (!staff) throw new HttpError(401, STAFF_TEXTS.sessionOver, 'UNAUTHORIZED');
  return staff;
}

/** One entry of the audit trail by the member of staff behind `staff` (decision 032: every read and change). */
export function recordAudit(
  ctx: ApiContext,
  staff: StaffSession,
  action: string,
  customerId: number | null,
  extra: { reason?: string; after?: unknown } = {},
) {
  return ctx.store.audit.record(
    { staffId: staff.staffId, staffName: staff.name, action, customerId, ...extra },
    ctx.now(),
  );
}

/** The `{customerId}` of a path as a number; 404 when it cannot be a customer's. */
export function customerIdOf(params: { customerId: string }): number {
  if (!isRowId(params.customerId)) throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
  return Number(params.customerId);
}

/** The customer, who must exist, with the read recorded in the audit trail as `customer.read.<what>`. */
export async function readCustomer(
  ctx: ApiContext,
  staff: StaffSession,
  params: { customerId: string },
  what: string,
): Promise<number> {
  const customerId = customerIdOf(params);
  if (!(await ctx.store.customers.summary(customerId))) {
    throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
  }
  await recordAudit(ctx, staff, `customer.read.${what}`, customerId);
  return customerId;
}
