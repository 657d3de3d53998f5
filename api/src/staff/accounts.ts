import { randomInt } from 'node:crypto';
import type { StaffRole } from '@portal/shared/contract/staff';
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
