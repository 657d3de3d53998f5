import { randomUUID } from 'node:crypto';
import { SignJWT, compactVerify, errors, jwtVerify } from 'jose';
import { AUTH_TYPE_PASSWORD, type TokenData } from '@portal/shared/contract';
import { UUID } from '../errors';

export interface TokenClaims extends Omit<TokenData, 'exp'> {
  sub: string;
  sid: string;
  jti: string;
  iat: number;
  exp: number;
}

interface TokenSubject {
  customerId: number;
  sessionId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  deviceUsername: string;
}

/**
 * How long the token a refresh just replaced may come again without ending its session: two tabs of
 * one browser that refresh at once send the same token, and the later one is refused (401) and takes
 * the token the other stored. Later, or an older token, is a replay: the session ends (docs/limits.md).
 */
export const REFRESH_RACE_SECONDS = 30;

const ISSUER = 'ontv-portal-api';
/** How many checked tokens a process remembers (about 2 MB). */
const VERIFIED_KEPT = 5_000;

export class TokenIssuer {
  /** The signing key imported once: given as bytes, jose imports it into WebCrypto on every call. */
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens whose signature this process has checked, with their claims (the newest VERIFIED_KEPT). A
   * signature never stops being valid, so a token seen again skips the HMAC; its expiry is still
   * checked on every call, and whether its session is open is the database's to say on every call.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly now: () => Date,
  ) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  /** Signs a short-lived token; returns it with its id, which the device session remembers. */
  async issue(subject: TokenSubject): Promise<{ token: string; tokenId: string }> {
    const tokenId = randomUUID();
    const iat = Math.floor(this.now().getTime() / 1000);
    const token = await new SignJWT({
      first_name: subject.firstName,
      last_name: subject.lastName,
      device_username: subject.deviceUsername,
      email: subject.email,
      phone_number: subject.phoneNumber,
      authentication_type: AUTH_TYPE_PASSWORD,
      sid: subject.sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(subject.customerId))
      .setJti(tokenId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key);
    return { token, tokenId };
  }

  /** A valid, unexpired token of ours, or null. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    // Expired when `exp` is not after now, to the second, as jose decides it.
    if (known) return known.exp > Math.floor(this.now().getTime() / 1000) ? known : null;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      if (!isClaims(payload)) return null;
      if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, payload);
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /** Signature and issuer only: refresh accepts an expired token of ours (the session decides). */
  async verifySignature(token: string): Promise<TokenClaims | null> {
    try {
      const { payload, protectedHeader } = await compactVerify(token, await this.key, { algorithms: ['HS256'] });
      if (protectedHeader.alg !== 'HS256') return null;
      const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
      return isClaims(claims) && (claims as { iss?: unknown }).iss === ISSUER ? claims : null;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
      throw error;
    }
  }
}

function isClaims(payload: unknown): payload is TokenClaims {
  const p = payload as Partial<TokenClaims> | null;
  return (
    !!p &&
    typeof p.sub === 'string' &&
    /^\d{1,10}$/.test(p.sub) &&
    typeof p.sid === 'string' &&
    UUID.test(p.sid) &&
    typeof p.jti === 'string' &&
    UUID.test(p.jti) &&
    typeof p.exp === 'number' &&
    typeof p.iat === 'number'
  );
}
