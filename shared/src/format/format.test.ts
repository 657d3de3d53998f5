import { describe, expect, it } from '@jest/globals';
import { formatKM, splitVat } from './money';
import { formatDate, formatDateTime, formatTime } from './date';
import { normaliseUsername } from '.';

describe('formatKM', () => {
  it('uses a decimal comma and two decimals', () => {
    expect(formatKM(12.9)).toBe('12,90 KM');
    expect(formatKM(0.1)).toBe('0,10 KM');
    expect(formatKM(25)).toBe('25,00 KM');
  });
  it('groups thousands with a dot and keeps the sign', () => {
    expect(formatKM(1234.5)).toBe('1.234,50 KM');
    expect(formatKM(-3.456)).toBe('-3,46 KM');
  });
});

describe('splitVat', () => {
  it('takes net as gross / 1.17 and VAT as 17% of net', () => {
    expect(splitVat(11.7)).toEqual({ net: 10, vat: 1.7, gross: 11.7 });
    expect(splitVat(29.9)).toEqual({ net: 25.56, vat: 4.34, gross: 29.9 });
    expect(splitVat(14.9)).toEqual({ net: 12.74, vat: 2.16, gross: 14.9 });
  });

  it('adds up to the gross to the fening for every price from 0,01 to 300,00 KM', () => {
    for (let fening = 1; fening <= 30_000; fening += 1) {
      const gross = fening / 100;
      const { net, vat } = splitVat(gross);
      expect(Math.round(net * 100) + Math.round(vat * 100)).toBe(fening);
      // VAT is 17% of the net within 1.17 × half a fening (the net's rounding, carried into the VAT).
      expect(Math.abs(vat - net * 0.17)).toBeLessThanOrEqual(0.00585 + 1e-9);
      expect(Number.isInteger(Math.round(net * 100))).toBe(true);
    }
  });
});

describe('dates', () => {
  const date = new Date(2025, 9, 31, 7, 5);
  it('formats d.m.yyyy. without leading zeros', () => {
    expect(formatDate(date)).toBe('31.10.2025.');
    expect(formatDate(new Date(2026, 0, 5))).toBe('5.1.2026.');
  });
  it('formats hh:mm with leading zeros', () => {
    expect(formatTime(date)).toBe('07:05');
    expect(formatDateTime(date)).toBe('31.10.2025. 07:05');
  });
  it('gives an empty string for an invalid date instead of NaN', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('normaliseUsername', () => {
  it('turns 06x numbers into the international form (product.md §5)', () => {
    expect(normaliseUsername('061 234 567')).toBe('38761234567');
    expect(normaliseUsername(' 0651234567 ')).toBe('387651234567');
  });
  it('leaves e-mail addresses and international numbers alone', () => {
    expect(normaliseUsername(' demo@ontv.ba ')).toBe('demo@ontv.ba');
    expect(normaliseUsername('38761234567')).toBe('38761234567');
  });
});
