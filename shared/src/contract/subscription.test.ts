import { describe, expect, it } from '@jest/globals';
import type { SubscriptionStatus } from './account';
import { canReactivateWithoutPayment, mayRedeemVoucher, maySubscribe } from './subscription';

const TODAY = '2026-11-23';
const PAST = '2026-11-22';
const FUTURE = '2026-11-24';

type Case = [SubscriptionStatus | null, string | null];
/** Every status with its paid period ended (before or on today), still running, or unknown. */
const STATES: Case[] = [
  [null, null],
  ...(['ACTIVE', 'DEACTIVATED', 'BLOCKED', 'EXPIRED'] as const).flatMap((status): Case[] => [
    [status, PAST],
    [status, TODAY],
    [status, FUTURE],
    [status, null],
  ]),
];

const MAY_BUY = new Set(['null:null', `EXPIRED:${PAST}`, `EXPIRED:${TODAY}`, `EXPIRED:${FUTURE}`, 'EXPIRED:null']);
MAY_BUY.add(`DEACTIVATED:${PAST}`).add(`DEACTIVATED:${TODAY}`);

describe('maySubscribe: no subscription, EXPIRED, or DEACTIVATED whose paid period has ended', () => {
  it.each(STATES)('%s, next payment %s', (status, nextPaymentOn) => {
    expect(maySubscribe({ status, nextPaymentOn }, TODAY)).toBe(MAY_BUY.has(`${status}:${nextPaymentOn}`));
  });
});

describe('mayRedeemVoucher: whoever may buy, or a running subscription of the voucher’s package', () => {
  it.each(STATES)('%s, next payment %s', (status, nextPaymentOn) => {
    const mayBuy = MAY_BUY.has(`${status}:${nextPaymentOn}`);
    const planCode = status ? 'maxon' : null;
    expect(mayRedeemVoucher({ status, nextPaymentOn, planCode }, 'maxon', TODAY)).toBe(status !== null || mayBuy);
    expect(mayRedeemVoucher({ status, nextPaymentOn, planCode }, 'starton', TODAY)).toBe(mayBuy);
  });
});

describe('canReactivateWithoutPayment: DEACTIVATED while the paid period runs', () => {
  it.each(STATES)('%s, next payment %s', (status, nextPaymentOn) => {
    const expected = status === 'DEACTIVATED' && nextPaymentOn === FUTURE;
    expect(canReactivateWithoutPayment({ status, nextPaymentOn }, TODAY)).toBe(expected);
  });
});
