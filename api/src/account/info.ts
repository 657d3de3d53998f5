import type { AccountInfo } from '@portal/shared/contract';
import type { Store } from '../repositories';
import type { AccountSubscriptionRow } from '../repositories/subscriptions';
import type { SessionKey } from '../repositories/sessions';
import { SESSION_EXPIRED } from '../auth/guard';
import { graceUntil } from '../money/billing/retry';
import { DomainError } from '../errors';
import { addMonth, isoDay } from '../days';
import { fromFening } from '../money/amounts';

type SubscriptionRow = AccountSubscriptionRow;

/** The subscription's promo while it runs (product.md §4, Promo): an ACTIVE subscription before the promo's last day. */
function runningPromo(subscription: SubscriptionRow | null, today: string): AccountInfo['promos'] {
  if (
    !subscription?.promo_type ||
    !subscription.promo_until ||
    subscription.status !== 'ACTIVE' ||
    subscription.promo_until <= today
  )
    return [];
  return [
    {
      status: 'ACTIVE',
      promoType: subscription.promo_type,
      durationUntil: subscription.promo_until,
      durationDays: subscription.promo_days,
    },
  ];
}

/** A renewal failing inside its grace period: when it is tried again and until when the service lasts. */
function renewalProblem(subscription: SubscriptionRow | null): AccountInfo['renewalProblem'] {
  if (!subscription || subscription.status !== 'ACTIVE' || subscription.billing_failures === 0) return null;
  const last = graceUntil(subscription.billing_grace_from ?? subscription.next_payment_on);
  const retryOn =
    subscription.billing_next_on && subscription.billing_next_on <= last ? subscription.billing_next_on : null;
  return { retryOn, graceUntil: last };
}

/** A downgrade that starts with the next renewal, shown while the subscription is ACTIVE (it renews). */
function pendingPlan(subscription: SubscriptionRow | null): AccountInfo['pendingPlan'] {
  if (subscription?.status !== 'ACTIVE' || !subscription.pending_code) return null;
  return {
    code: subscription.pending_code,
    name: subscription.pending_name!,
    price: fromFening(subscription.pending_price_fening!),
    from: subscription.next_payment_on,
  };
}

/**
 * When the card is first charged while voucher credit lasts (docs/vouchers.md): each renewal takes a
 * month of the renewed package's credit first, so with `months` of it the renewals from nextPaymentOn
 * on are paid by credit and the card pays the one `months` months later. Null without credit, or when
 * nothing renews (not ACTIVE).
 */
function creditUntil(subscription: SubscriptionRow | null): string | null {
  if (subscription?.status !== 'ACTIVE') return null;
  const months = subscription.credit_months;
  if (months === 0) return null;
  let day = subscription.next_payment_on;
  for (let n = 0; n < months; n++) day = addMonth(day);
  return day;
}

/**
 * A pause not yet over (product.md §10, A pause): `running` from its first day. Only of an ACTIVE
 * subscription: deactivating, a refund or an expiry ends it.
 */
function pauseOf(subscription: SubscriptionRow | null, today: string): AccountInfo['pause'] {
  const { pause_from: from, pause_until: until } = subscription ?? {};
  if (subscription?.status !== 'ACTIVE' || !from || !until || until <= today) return null;
  return { from, until, running: from <= today };
}

/**
 * `GET /{product}/accountInfo` (product.md §7): the busiest call after a renewal, so it is one prepared
 * query that checks the session too (the route checks only the token): a second statement costs a round
 * trip on PostgreSQL and, on PGlite, drops the kept reads (db/keptReads.ts) on every call.
 */
export async function accountInfo(deps: { store: Store; now: () => Date }, signedIn: SessionKey): Promise<AccountInfo> {
  const account = await deps.store.subscriptions.accountOfSession(signedIn);
  if (!account) throw new DomainError('unauthorized', SESSION_EXPIRED, 'UNAUTHORIZED');
  const subscription = account.status ? account : null;
  const today = isoDay(deps.now());
  const pause = pauseOf(subscription, today);
  return {
    // While a pause runs there is no service: PAUSED, which no app serves (decision 055).
    status: pause?.running ? 'PAUSED' : (subscription?.status ?? null),
    plan: subscription
      ? { code: subscription.plan_code, name: subscription.plan_name, price: fromFening(subscription.price_fening) }
      : null,
    nextPaymentOn: subscription?.next_payment_on ?? null,
    accountNumber: account.customer_number,
    promos: runningPromo(subscription, today),
    usedPromos: account.used_promos ?? [],
    renewalProblem: renewalProblem(subscription),
    pendingPlan: pendingPlan(subscription),
    creditUntil: creditUntil(subscription),
    script: account.script,
    pause,
  };
}
