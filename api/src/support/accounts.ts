import { randomInt } from 'node:crypto';
import type { StaffRole } from '@portal/shared/contract/support';
import type { Store } from '../repositories';
import type { StaffRepository } from '../repositories/staff';
import { hashPassword } from '../auth/passwords';

/**
 * A one-time password for a new member of staff, or one whose password was reset: 20 characters of
 * four kinds (it meets the staff rule), to be changed at the first sign-in. Shown once, stored hashed.
 */
function oneTimePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#%+-=?@'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)]!);
  while (chars.length < 20) chars.push(all[randomInt(all.length)]!);
  // Shuffled, so the kinds are not always in the first four places.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Adds a member of staff with a one-time password; answers it, or null when the e-mail address is taken. */
export async function addStaff(
  staff: StaffRepository,
  member: { email: string; name: string; role: StaffRole },
): Promise<string | null> {
  const password = oneTimePassword();
  const added = await staff.add({
    ...member,
    email: member.email.toLowerCase(),
    passwordHash: await hashPassword(password),
  });
  return added ? password : null;
}

/** A new one-time password (and a new second factor at the next sign-in); null when there is no such member. */
export async function resetStaffPassword(staff: StaffRepository, email: string): Promise<string | null> {
  const password = oneTimePassword();
  return (await staff.resetPassword(email.toLowerCase(), await hashPassword(password))) ? password : null;
}

/** What the command line did to a staff account, as the audit trail records it (`staff.add` …). */
type CommandLineAction = 'staff.add' | 'staff.reset' | 'staff.disable';

/**
 * A change to staff accounts made from the command line (`npm run staff`), in one transaction with its
 * entry in the audit trail: no member of staff made it, so the entry names the system user and host
 * that ran the command (`by`), and the account's e-mail address and role. Answers what `change` did,
 * and records nothing when it did nothing (null or false).
 */
export async function fromCommandLine<T>(
  store: Store,
  entry: { by: string; action: CommandLineAction; email: string; role?: StaffRole },
  change: (staff: StaffRepository) => Promise<T>,
  at: Date,
): Promise<T> {
  return store.transaction(async (tx) => {
    const done = await change(tx.staff);
    if (done === null || done === false) return done;
    const after = { email: entry.email.toLowerCase(), ...(entry.role ? { role: entry.role } : {}) };
    await tx.audit.record({ staffId: null, staffName: entry.by, action: entry.action, customerId: null, after }, at);
    return done;
  });
}
