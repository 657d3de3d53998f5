import type { SignedInDevice } from '@portal/shared/contract';
import type { Repositories } from '../repositories';
import { daysBefore } from '../days';

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
