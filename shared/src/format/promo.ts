import type { Promo } from '../contract/account';
import { formatDate, parseDay } from './date';

/**
 * product.md §4, Promo: a promo counts while its status is ACTIVE and it is duration-based or its end date
 * is still ahead. The end date is a whole day: the promo runs until that day is over.
 */
export function isPromoActive(promo: Promo, now: Date = new Date()): boolean {
  if (promo.status !== 'ACTIVE') return false;
  if (promo.promoType === 'DURATION_BASED') return (promo.durationDays ?? 0) > 0;
  const until = promo.durationUntil ? parseDay(promo.durationUntil) : null;
  if (!until) return false;
  const dayAfter = new Date(until.getFullYear(), until.getMonth(), until.getDate() + 1);
  return now.getTime() < dayAfter.getTime();
}

export function activePromo(promos: readonly Promo[], now: Date = new Date()): Promo | null {
  return promos.find((promo) => isPromoActive(promo, now)) ?? null;
}

/** The ribbon text of product.md §4: 'Besplatan promo period do {date}' or 'Besplatan promo period {n} dana!'. */
export function promoRibbon(promo: Promo): string {
  return promo.promoType === 'TIME_UNTIL_BASED'
    ? `Besplatan promo period do ${formatDate(promo.durationUntil ?? '')}`
    : `Besplatan promo period ${promo.durationDays ?? 0} dana!`;
}

/**
 * schema.org: a running campaign's free period as a component of the package's one Offer, beside its
 * monthly price (docs/prices-and-promos.md, JSON-LD): price 0 through the campaign's last day
 * (`validThrough`), or for its number of days (`billingDuration`). The catalogue's build and the server's
 * served pages (api/src/http/pagePrices.ts) both draw it from here.
 */
export function freePeriodSpecification(promo: Promo): object {
  return {
    '@type': 'UnitPriceSpecification',
    name: promoRibbon(promo),
    price: '0.00',
    priceCurrency: 'BAM',
    ...(promo.promoType === 'TIME_UNTIL_BASED'
      ? { validThrough: promo.durationUntil }
      : { billingDuration: `P${promo.durationDays ?? 0}D` }),
  };
}
