import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { STAFF_TEXTS } from '@portal/shared/contract/support';

/**
 * The second factor of staff sign-in: RFC 6238 codes (6 digits, 30 seconds, SHA-1, what every
 * authenticator app reads) through `otpauth`, and the QR code to set it up through `qrcode`.
 */
const PERIOD_SECONDS = 30;
const ISSUER = STAFF_TEXTS.totpIssuer;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS });

/** A new random secret (160 bits), as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: the otpauth:// address and its QR code as an SVG picture. */
export async function totpSetup(secret: string, email: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totpOf(secret, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrSvg };
}

/**
 * The 30-second step a code belongs to, if it is right now or one step either side (a phone's clock a
 * little off); null when it is wrong. Whether the step was used before is the database's to say.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code for a moment (the command line's and the tests' authenticator). */
export const totpCode = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });
