import { createStore, useStore } from 'zustand';
import type { StaffMember } from '@portal/shared/contract/support';

/** The last search, while the member is signed in: the way back from a customer finds the list as it was. */
interface RememberedSearch {
  q: string;
  page: number;
}

/**
 * Who is signed in to the console in this tab: the staff token and member. Kept in sessionStorage, so a
 * reload keeps the sign-in and closing the tab ends it. The server ends a session after `idleMinutes`
 * without a call; the console does the same on its own (`lastCall`), so a customer's data does not stay
 * on an unattended screen. The last search is kept in memory only (never in the address: it is a
 * customer's data) and goes with the session.
 */
interface SessionState {
  token: string | null;
  staff: StaffMember | null;
  idleMinutes: number;
  /** When the last call answered (ms). */
  lastCall: number;
  search: RememberedSearch;
  /** Why the last session ended without the member signing out (idle, disabled, signed out elsewhere). */
  ended: string | null;
}

const KEY = 'ontv.support.session';
const NO_SEARCH: RememberedSearch = { q: '', page: 1 };
type Stored = Pick<SessionState, 'token' | 'staff' | 'idleMinutes'>;

function stored(): Stored {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Stored | null;
    if (value && typeof value.token === 'string' && value.staff && typeof value.idleMinutes === 'number') return value;
  } catch {
    // A damaged entry is no session.
  }
  return { token: null, staff: null, idleMinutes: 15 };
}

export const sessionStore = createStore<SessionState>(() => ({
  ...stored(),
  lastCall: Date.now(),
  search: NO_SEARCH,
  ended: null,
}));

export const useSession = <T>(select: (state: SessionState) => T): T => useStore(sessionStore, select);

export function startSession(token: string, staff: StaffMember, idleMinutes: number): void {
  sessionStorage.setItem(KEY, JSON.stringify({ token, staff, idleMinutes }));
  sessionStore.setState({ token, staff, idleMinutes, lastCall: Date.now(), search: NO_SEARCH, ended: null });
}

/** Ends the session in this tab; `why` is shown on the sign-in form (none when the member signed out). */
export function endSession(why: string | null = null): void {
  sessionStorage.removeItem(KEY);
  sessionStore.setState({ token: null, staff: null, search: NO_SEARCH, ended: why });
}

/** A call answered: the session's idle time starts again, as the server's does. */
export function touchSession(): void {
  sessionStore.setState({ lastCall: Date.now() });
}

/** Whether the session has been idle for longer than the server keeps it. */
export function sessionIdle(now = Date.now()): boolean {
  const { token, lastCall, idleMinutes } = sessionStore.getState();
  return token !== null && now - lastCall > idleMinutes * 60_000;
}

export function rememberSearch(search: RememberedSearch): void {
  sessionStore.setState({ search });
}
