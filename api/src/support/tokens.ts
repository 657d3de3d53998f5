import { SignJWT, errors, jwtVerify } from 'jose';
import { UUID } from '../errors';

/**
 * The support console's tokens (docs/decisions/032): signed with a key of their own, with an audience
 * of their own, so a customer's token opens no staff call and a staff token no customer call. A
 * `challenge` token stands for a right password whose second factor is still to come (5 minutes); a
 * `staff` token for a full sign-in. Either names a staff session, which the database checks on every
 * call: idle for 15 minutes, ended, or its account disabled, the token is worth nothing.
 */
export type StaffTokenKind = 'challenge' | 'staff';
const AUDIENCE: Record<StaffTokenKind, string> = { challenge: 'ontv-staff-challenge', staff: 'ontv-staff' };
const ISSUER = 'ontv-portal-api';
/** A challenge is answered within 5 minutes; a full sign-in lasts a working day at most, 15 idle minutes at least. */
const LIFETIME_SECONDS: Record<StaffTokenKind, number> = { challenge: 5 * 60, staff: 10 * 60 * 60 };

interface StaffClaims {
  staffId: number;
  sessionId: string;
}

export class StaffTokens {
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly now: () => Date,
  ) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async issue(kind: StaffTokenKind, claims: StaffClaims): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.staffId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[kind])
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIFETIME_SECONDS[kind])
      .sign(await this.key);
  }

  /** The claims of a valid, unexpired token of this kind; null for anything else. */
  async verify(kind: StaffTokenKind, token: string): Promise<StaffClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE[kind],
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const { sub, sid } = payload as { sub?: unknown; sid?: unknown };
      if (typeof sub !== 'string' || !/^\d{1,10}$/.test(sub) || typeof sid !== 'string' || !UUID.test(sid)) return null;
      return { staffId: Number(sub), sessionId: sid };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
