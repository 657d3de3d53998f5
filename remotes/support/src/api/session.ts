import { createStore, useStore } from 'zustand';
import type { StaffMember } from '@portal/shared/contract/staff';

/**
 * Who is signed in to the console in this tab: the staff token and member. Kept in sessionStorage, so a
 * reload keeps the sign-in and closing the tab ends it; the server ends it anyway after its idle minutes.
 */
interface SessionState {
  token: string | null;
  staff: StaffMember | null;
  /** Why the last session ended without the member signing out (a 401: idle, disabled, signed out elsewhere). */
  ended: string | null;
}

const KEY = 'ontv.support.session';

function stored(): Pick<SessionState, 'token' | 'staff'> {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Pick<SessionState, 'token' | 'staff'> | null;
    if (value && typeof value.token === 'string' && value.staff) return value;
  } catch {
    // A damaged entry is no session.
  }
  return { token: null, staff: null };
}

export const sessionStore = createStore<SessionState>(() => ({ ...stored(), ended: null }));

export const useSession = <T>(select: (state: SessionState) => T): T => useStore(sessionStore, select);

export function startSession(token: string, staff: StaffMember): void {
  sessionStorage.setItem(KEY, JSON.stringify({ token, staff }));
  sessionStore.setState({ token, staff, ended: null });
}

/** Ends the session in this tab; `why` is shown on the sign-in form (none when the member signed out). */
export function endSession(why: string | null = null): void {
  sessionStorage.removeItem(KEY);
  sessionStore.setState({ token: null, staff: null, ended: why });
}
