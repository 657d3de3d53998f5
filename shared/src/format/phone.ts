/** Country prefix of Bosnia and Herzegovina (spec 9). */
export const COUNTRY_PREFIX = '387';

/**
 * A username starting with 06 becomes international: prefix 387, leading zero dropped, spaces
 * removed (spec 5, Login). Anything else (an e-mail) is returned trimmed.
 */
export function normaliseUsername(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.startsWith('06')) return trimmed;
  return COUNTRY_PREFIX + trimmed.replace(/\s+/g, '').slice(1);
}
