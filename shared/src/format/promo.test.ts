import { describe, expect, it } from '@jest/globals';
import type { Promo } from '../contract';
import { activePromo, isPromoActive, promoRibbon } from './promo';
import { formatDate } from './date';

const until = (durationUntil: string | null, status = 'ACTIVE'): Promo => ({
  status,
  promoType: 'TIME_UNTIL_BASED',
  durationUntil,
  durationDays: null,
});
const days = (durationDays: number | null, status = 'ACTIVE'): Promo => ({
  status,
  promoType: 'DURATION_BASED',
  durationUntil: null,
  durationDays,
});

describe('the promo rule (product.md §4)', () => {
  const now = new Date(2026, 10, 21, 12, 0);

  it('counts an ACTIVE duration-based promo whatever the date', () => {
    expect(isPromoActive(days(14), now)).toBe(true);
    expect(isPromoActive(days(14, 'INACTIVE'), now)).toBe(false);
    expect(isPromoActive(days(0), now)).toBe(false);
  });

  it('counts an until-date promo to the end of its last day', () => {
    expect(isPromoActive(until('2026-11-22'), now)).toBe(true);
    expect(isPromoActive(until('2026-11-21'), now)).toBe(true);
    expect(isPromoActive(until('2026-11-20'), now)).toBe(false);
    expect(isPromoActive(until('2026-11-21'), new Date(2026, 10, 22, 0, 0))).toBe(false);
    expect(isPromoActive(until('2027-01-01', 'EXPIRED'), now)).toBe(false);
  });

  it('treats a missing or malformed end date as no promo', () => {
    expect(isPromoActive(until(null), now)).toBe(false);
    expect(isPromoActive(until('31.12.2026'), now)).toBe(false);
    expect(isPromoActive(until('2026-02-30'), now)).toBe(false);
  });

  it('picks the first active promo', () => {
    expect(activePromo([until('2020-01-01'), days(7), until('2030-01-01')], now)).toEqual(days(7));
    expect(activePromo([until('2020-01-01')], now)).toBeNull();
    expect(activePromo([], now)).toBeNull();
  });

  it('words the ribbon as the specification says', () => {
    expect(promoRibbon(until('2027-03-31'))).toBe('Besplatan promo period do 31.3.2027.');
    expect(promoRibbon(days(14))).toBe('Besplatan promo period 14 dana!');
  });

  it('shows a calendar day as that day in any time zone', () => {
    expect(formatDate('2025-10-31')).toBe('31.10.2025.');
  });
});
