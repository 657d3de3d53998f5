import type { SignedInDevice } from '@portal/shared/contract';
import { STAFF_TEXTS } from '@portal/shared/contract/support';
import type { StaffSession } from '../repositories/staff';
import { DomainError } from '../errors';
import { NO_CURRENT_SESSION, signedInDevices } from '../customer/devices';
import { customerNotFound, readCustomer, type SupportDeps } from './audit';

/** What the console's device calls need: the repositories, the clock and how long a session stays signed in. */
export interface SupportDevicesDeps extends SupportDeps {
  refreshWindowDays: number;
}

/** The customer's signed-in devices, as their own page lists them (none is the asking one here). */
const devicesOf = (deps: SupportDevicesDeps, customerId: number) =>
  signedInDevices(deps.store, customerId, NO_CURRENT_SESSION, deps);

/** The customer's signed-in devices in the console, the read recorded. */
export async function customerDevices(
  deps: SupportDevicesDeps,
  staff: StaffSession,
  customerId: number,
): Promise<SignedInDevice[]> {
  return devicesOf(deps, await readCustomer(deps, staff, customerId, 'devices'));
}

/**
 * One device signed out (`sessionId`), or all of them: their next call is refused. In one transaction
 * with its audit entry; answers the devices still signed in.
 */
export async function endCustomerSessions(
  deps: SupportDevicesDeps,
  staff: StaffSession,
  customerId: number,
  what: { sessionId?: string; reason: string },
): Promise<SignedInDevice[]> {
  const now = deps.now();
  await deps.store.transaction(async (tx) => {
    if (what.sessionId) {
      if (!(await tx.sessions.end(customerId, what.sessionId, now))) {
        throw new DomainError('not-found', STAFF_TEXTS.deviceNotFound, 'NOT_FOUND');
      }
    } else {
      if (!(await tx.customers.summary(customerId))) throw customerNotFound();
      await tx.sessions.endOthers(customerId, null, now);
    }
    await tx.audit.record(
      {
        staffId: staff.staffId,
        staffName: staff.name,
        action: what.sessionId ? 'device.sign-out' : 'device.sign-out-all',
        customerId,
        reason: what.reason,
        after: what.sessionId ? { sessionId: what.sessionId } : undefined,
      },
      now,
    );
  });
  return devicesOf(deps, customerId);
}
