import { describe, expect, it } from '@jest/globals';
import type { Plan } from '@portal/shared';
import { plansInfo } from '../content/plansInfo';
import { packagesJsonLd } from './pages';

const now = new Date('2026-11-27T10:00:00Z');
const until = (day: string, status = 'ACTIVE') =>
  ({ status, promoType: 'TIME_UNTIL_BASED', durationUntil: day, durationDays: null }) as const;
const days = (n: number) =>
  ({ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: n }) as const;

/** Each package's Offer in the /paketi page's JSON-LD, by its subscribe link's package. */
function offers(plans: Plan[]): Record<string, { price: string; priceSpecification: unknown }> {
  const graph = (packagesJsonLd({ plans, plansInfo, faq: [] }, now) as { '@graph': Array<{ offers: any }> })['@graph'];
  return Object.fromEntries(graph.map(({ offers: offer }) => [/paket=(\w+)/.exec(offer.url)![1], offer]));
}

const monthly = (price: string) => ({
  '@type': 'UnitPriceSpecification',
  price,
  priceCurrency: 'BAM',
  valueAddedTaxIncluded: true,
  billingDuration: 'P1M',
});

describe("the /paketi page's JSON-LD", () => {
  it('puts a running campaign beside the monthly price: price 0 through its last day, or for its days', () => {
    const shown = offers([
      { code: 'starton', name: 'StartON', price: 14.9, promos: [days(14)] },
      { code: 'maxon', name: 'MaxON', price: 24.9, promos: [until('2027-03-31', 'ENDED'), until('2027-01-31')] },
    ]);
    expect(shown.maxon!.price).toBe('24.90');
    expect(shown.maxon!.priceSpecification).toEqual([
      monthly('24.90'),
      {
        '@type': 'UnitPriceSpecification',
        name: 'Besplatan promo period do 31.1.2027.',
        price: '0.00',
        priceCurrency: 'BAM',
        validThrough: '2027-01-31',
      },
    ]);
    expect(shown.starton!.priceSpecification).toEqual([
      monthly('14.90'),
      {
        '@type': 'UnitPriceSpecification',
        name: 'Besplatan promo period 14 dana!',
        price: '0.00',
        priceCurrency: 'BAM',
        billingDuration: 'P14D',
      },
    ]);
  });

  it('has the monthly price alone without a campaign, with one ended, and with one whose day is over', () => {
    const shown = offers([
      { code: 'starton', name: 'StartON', price: 14.9, promos: [until('2026-11-26')] },
      { code: 'maxon', name: 'MaxON', price: 24.9, promos: [until('2027-01-31', 'ENDED')] },
    ]);
    expect(shown.starton!.priceSpecification).toEqual(monthly('14.90'));
    expect(shown.maxon!.priceSpecification).toEqual(monthly('24.90'));
  });
});
