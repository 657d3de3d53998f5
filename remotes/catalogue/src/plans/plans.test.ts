import { describe, expect, it } from '@jest/globals';
import type { AccountInfo, Plan, SubscriptionStatus } from '@portal/shared';
import { plansInfo } from '../content/plansInfo';
import { mergePlans } from './plans';
import { planAction } from './planAction';

const now = new Date(2026, 10, 21);
const plans: Plan[] = [
  {
    code: 'maxon',
    name: 'MaxON',
    price: 24.9,
    promos: [{ status: 'ACTIVE', promoType: 'TIME_UNTIL_BASED', durationUntil: '2026-10-01', durationDays: null }],
  },
  {
    code: 'starton',
    name: 'StartON',
    price: 14.9,
    promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }],
  },
  { code: 'gold', name: 'Gold', price: 99, promos: [] },
];

describe('merging the plan file with the plans call', () => {
  it('follows the file’s order and content, adding price and active promo by code', () => {
    const offers = mergePlans(plansInfo, plans, now);
    expect(offers.map((o) => o.code)).toEqual(['starton', 'maxon']);
    expect(offers[0]).toMatchObject({ name: 'StartON', numChannels: 124, price: 14.9, promo: { durationDays: 14 } });
    expect(offers[1]).toMatchObject({ name: 'MaxON', numChannels: 193, price: 24.9, promo: null, planSpotlight: true });
  });

  it('keeps the file’s packages without price or promo when the call failed or misses a plan', () => {
    expect(mergePlans(plansInfo, null, now).map((o) => [o.code, o.price, o.promo])).toEqual([
      ['starton', null, null],
      ['maxon', null, null],
    ]);
    expect(mergePlans(plansInfo, [plans[0]!], now).map((o) => o.price)).toEqual([null, 24.9]);
  });
});

describe('the package button', () => {
  const customer = (status: SubscriptionStatus | null, code = 'maxon'): AccountInfo => ({
    status,
    plan: status ? { code, name: 'MaxON', price: 24.9 } : null,
    nextPaymentOn: null,
    accountNumber: '1',
    promos: [],
  });

  it('offers PRETPLATI SE to visitors, customers without a subscription and expired ones', () => {
    expect(planAction({ kind: 'anonymous' }, 'maxon')).toBe('subscribe');
    expect(planAction({ kind: 'customer', info: customer(null) }, 'maxon')).toBe('subscribe');
    expect(planAction({ kind: 'customer', info: customer('EXPIRED') }, 'maxon')).toBe('subscribe');
    expect(planAction({ kind: 'customer', info: customer('EXPIRED') }, 'starton')).toBe('subscribe');
  });

  it.each(['ACTIVE', 'DEACTIVATED', 'BLOCKED'] as const)(
    'hides it for a %s subscription and marks that package',
    (status) => {
      expect(planAction({ kind: 'customer', info: customer(status) }, 'maxon')).toBe('active');
    },
  );

  it('offers PRETPLATI SE on both packages once a DEACTIVATED subscription’s paid period has ended', () => {
    const ended = { ...customer('DEACTIVATED'), nextPaymentOn: '2026-11-23' };
    expect(planAction({ kind: 'customer', info: ended }, 'maxon', '2026-11-23')).toBe('subscribe');
    expect(planAction({ kind: 'customer', info: ended }, 'starton', '2026-11-24')).toBe('subscribe');
    expect(planAction({ kind: 'customer', info: ended }, 'maxon', '2026-11-22')).toBe('active');
  });

  it('offers PROMIJENI PAKET on the other package only while the subscription is ACTIVE', () => {
    expect(planAction({ kind: 'customer', info: customer('ACTIVE') }, 'starton')).toBe('change');
    expect(planAction({ kind: 'customer', info: customer('DEACTIVATED') }, 'starton')).toBe('none');
    expect(planAction({ kind: 'customer', info: customer('BLOCKED') }, 'starton')).toBe('none');
  });

  it('holds the button’s place while the status is being checked, and shows the button when it cannot be known', () => {
    expect(planAction({ kind: 'checking' }, 'maxon')).toBe('held');
    expect(planAction({ kind: 'customer', info: null }, 'maxon')).toBe('subscribe');
  });
});
