import type { PriceNotice } from '@portal/shared/contract';
import type { Store } from '../repositories';
import { isoDay } from '../days';
import { fromFening } from '../money/amounts';

/**
 * `GET /{product}/priceNotice`: the rise of the customer's package they were told of and that is still
 * to come, or null; the account page's line about it (docs/prices-and-promos.md).
 */
export async function comingPriceNotice(
  deps: { store: Store; now: () => Date },
  customerId: number,
): Promise<PriceNotice> {
  const notice = await deps.store.prices.comingNotice(customerId, isoDay(deps.now()));
  return { notice: notice ? { from: notice.applies_from, price: fromFening(notice.price_fening) } : null };
}
