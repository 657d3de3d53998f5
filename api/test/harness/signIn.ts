import assert from 'node:assert/strict';
import { DEMO_CUSTOMER } from '../../src/db/seed';
import { addStaff } from '../../src/support/accounts';
import { totpCode } from '../../src/support/totp';
import type { StartedApi } from './server';

export const device = {
  deviceType: 'ontv',
  deviceUsername: 'web-aaaaaaaaaaaaaaaaaaaaaaaa',
  devicePassword: 'b'.repeat(64),
  deviceName: 'Web (Chrome)',
};

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** The password a member of staff chooses at their first sign-in in these tests. */
export const STAFF_PASSWORD = 'Podrska-Lozinka-2026!';

/**
 * A new member of staff signed in through every step of a first sign-in (the one-time password, a
 * password of their own, an authenticator set up and its code): their token.
 */
export async function staffToken(api: StartedApi, email: string, role: 'agent' | 'admin'): Promise<string> {
  const oneTime = (await addStaff(api.ctx.store.staff, { email, name: `${role} ${email}`, role }))!;
  const login = await api.call('POST', '/staff/login', { body: { email, password: oneTime } });
  const challenge = login.body.challenge as string;
  await api.call('POST', '/staff/password', { token: challenge, body: { newPassword: STAFF_PASSWORD } });
  const setup = await api.call('POST', '/staff/totp-setup', { token: challenge });
  const done = await api.call('POST', '/staff/totp', {
    token: challenge,
    body: { code: totpCode(setup.body.secret as string, api.clock.now()) },
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return done.body.token as string;
}

/** A customer with the demo customers' password signed in: their token. */
export async function customerToken(api: StartedApi, username: string): Promise<string> {
  const response = await api.call('POST', '/login', {
    body: { username, password: DEMO_CUSTOMER.password, ...device },
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.token as string;
}

/**
 * The limits of the tests of sign-in under attack (sign-in-abuse, staff-sign-in): 5 wrong passwords per
 * account and address, 50 per account, 1000 logins per address, and the address from X-Forwarded-For,
 * so an attack can come from many addresses.
 */
export const ATTACK_LIMITS = {
  LOGIN_LIMIT_ACCOUNT: '5',
  LOGIN_LIMIT_ACCOUNT_TOTAL: '50',
  LOGIN_LIMIT_CLIENT: '1000',
  TRUST_PROXY: '1',
  SANDBOX: '1',
};
