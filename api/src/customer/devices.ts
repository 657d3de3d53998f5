import type { SignedInDevice } from '@portal/shared/contract';
import type { Repositories, Store } from '../repositories';
import type { SessionKey } from '../repositories/sessions';
import { daysBefore } from '../days';
import { DomainError, UUID } from '../errors';
import { ERROR_TEXTS } from '../texts/errors';

/** No device session has this id: a list that none of is the asking one (the support console's). */
export const NO_CURRENT_SESSION = '00000000-0000-0000-0000-000000000000';

/**
 * The customer's signed-in devices (product.md §10): every open session used within the refresh
 * window, `currentSessionId`'s first (the asking device), then the most recently used.
 */
export async function signedInDevices(
  repos: Repositories,
  customerId: number,
  currentSessionId: string,
  deps: { now: () => Date; refreshWindowDays: number },
): Promise<SignedInDevice[]> {
  const since = daysBefore(deps.now(), deps.refreshWindowDays);
  const rows = await repos.sessions.listOpen(customerId, since, currentSessionId);
  return rows.map((row) => ({
    id: row.id,
    type: row.device_type,
    name: row.device_name,
    signedInAt: new Date(row.created_at).toISOString(),
    lastUsedAt: new Date(row.refreshed_at).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** What the devices' use cases need: the repositories, the clock and how long a device stays signed in. */
export interface DevicesDeps {
  store: Store;
  now: () => Date;
  refreshWindowDays: number;
}

/** `GET /customer/devices`: the asking device's list. */
export function listDevices(deps: DevicesDeps, signedIn: SessionKey): Promise<SignedInDevice[]> {
  return signedInDevices(deps.store, signedIn.customerId, signedIn.sessionId, deps);
}

/**
 * `DELETE /customer/devices/{id}`: signs one other device out and distrusts it (its sessions, all of
 * them: it is a stranger from now on), in one transaction. Another customer's session, an unknown or
 * malformed id, or one already signed out are all absent (404); this device is refused (409).
 */
export async function signOutDevice(deps: DevicesDeps, signedIn: SessionKey, id: string): Promise<SignedInDevice[]> {
  const { customerId, sessionId } = signedIn;
  if (id === sessionId) throw new DomainError('conflict', ERROR_TEXTS.thisDevice, 'CURRENT_DEVICE');
  const ended =
    UUID.test(id) &&
    (await deps.store.transaction(async (tx) => {
      if (!(await tx.sessions.end(customerId, id, deps.now()))) return false;
      await tx.sessions.distrustDeviceOf(customerId, id, sessionId, deps.now());
      return true;
    }));
  if (!ended) throw new DomainError('not-found', ERROR_TEXTS.deviceNotFound, 'NOT_FOUND');
  return listDevices(deps, signedIn);
}

/** `POST /customer/devices/sign-out-others`: every device but this one signs in again. */
export async function signOutOtherDevices(deps: DevicesDeps, signedIn: SessionKey): Promise<SignedInDevice[]> {
  await deps.store.sessions.endOthers(signedIn.customerId, signedIn.sessionId, deps.now());
  return listDevices(deps, signedIn);
}
