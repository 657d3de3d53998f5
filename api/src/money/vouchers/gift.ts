import type { GiftRequest, PaymentOrderResponse } from '@portal/shared/contract';
import { EMAIL_PATTERN, isRegistrationPhone, usernameOf } from '@portal/shared/contract';
import { GIFT_MESSAGE_MAX, VOUCHER_TEXTS } from '@portal/shared/contract/vouchers';
import { VOUCHER_STAFF_TEXTS } from '@portal/shared/contract/support';
import type { Keyring } from '../../auth/keyring';
import type { Repositories, Store } from '../../repositories';
import type { PaymentGateway } from '../processor/gateway';
import { alreadyPaid, keyReused, payingCard, payPlacedOrder, PLAN_NOT_FOUND } from '../orders';
import { notifyCustomer, smsAllowed, type Notifier } from '../../delivery/notifier';
import { toFening } from '../amounts';
import { recordCreditIssued } from '../ledger';
import { DomainError } from '../../errors';
import { addDays, isoDay } from '../../days';
import { NOTICES } from '../../texts/notices';
import { ERROR_TEXTS, ORDER_TEXTS } from '../../texts/errors';
import { lastFour, newVoucherCode, voucherDigest } from './codes';

/*
 * A voucher bought by card as a gift (docs/vouchers.md, A gift). The order is a purchase's in all but
 * its effect: one order per Idempotency-Key, paid once through the provider with the order as the
 * payment's key, so a request sent twice is charged once. Its paid payment (money/events.ts) makes
 * a voucher of one code, sends the code to the person named with the giver's message, and sends the
 * buyer the receipt with the invoice.
 */

/** How long a gift's code may be redeemed: a year from its payment. */
const GIFT_VALID_DAYS = 365;

interface GiftDeps {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
  log: { warn(message: string): void };
  smsAllowedPrefixes: readonly string[];
}

/**
 * The giver's message as it may be sent: control and format characters (line breaks, bidi overrides)
 * become spaces, runs of spaces one, at most GIFT_MESSAGE_MAX characters. It is plain text everywhere
 * (an SMS, an e-mail's escaped paragraph), never HTML.
 */
export function giftMessage(typed: string): string {
  return [
    ...typed
      .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, GIFT_MESSAGE_MAX)
    .join('');
}

/** Where the code goes: an e-mail address, or a phone number an SMS may reach (SMS_ALLOWED_PREFIXES). */
function giftRecipient(typed: string, smsPrefixes: readonly string[]): { channel: 'EMAIL' | 'SMS'; to: string } {
  const parsed = usernameOf(typed);
  if (parsed?.type === 'EMAIL' && EMAIL_PATTERN.test(parsed.value)) return { channel: 'EMAIL', to: parsed.value };
  if (parsed?.type === 'PHONE_NUMBER' && isRegistrationPhone(parsed.value)) {
    if (!smsAllowed(parsed.value, smsPrefixes))
      throw new DomainError('invalid', VOUCHER_TEXTS.gift.smsNotAllowed, 'BAD_REQUEST');
    return { channel: 'SMS', to: parsed.value };
  }
  throw new DomainError('invalid', VOUCHER_TEXTS.gift.wrongRecipient, 'BAD_REQUEST');
}

/**
 * Places the gift's order, or answers the one the same Idempotency-Key placed (its payment is the
 * same), under the buyer's row lock; the total is the package's price now times the months, and must
 * be the one the buyer was shown.
 */
export async function buyGift(
  deps: GiftDeps,
  customerId: number,
  key: string,
  request: GiftRequest,
): Promise<PaymentOrderResponse> {
  const recipient = giftRecipient(request.to, deps.smsAllowedPrefixes);
  const message = giftMessage(request.message);
  const card = await payingCard(deps.store, customerId, request.creditCardId);
  const today = isoDay(deps.now());
  const plan = await deps.store.plans.find(request.plan, today);
  if (!plan) throw new DomainError('not-found', PLAN_NOT_FOUND, 'NOT_FOUND');
  const placed = await deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    const same = await tx.orders.byKey(customerId, key);
    if (same) {
      const gift = await tx.vouchers.gift(same.order_number);
      const asked = {
        plan: plan.code,
        months: request.months,
        to: recipient.to,
        amountFening: toFening(request.amount),
      };
      const stored = {
        plan: gift?.plan_code,
        months: gift?.months,
        to: gift?.recipient,
        amountFening: gift?.amount_fening,
      };
      if (!gift || same.card_code !== card.code || JSON.stringify(asked) !== JSON.stringify(stored)) throw keyReused();
      if (same.status === 'PAID') throw alreadyPaid();
      return { orderNumber: same.order_number, amountFening: gift.amount_fening };
    }
    const listed = await tx.prices.priceForOrder(plan.code, today);
    const amountFening = listed ? listed.price_fening * request.months : null;
    if (amountFening === null || toFening(request.amount) !== amountFening)
      throw new DomainError('conflict', ERROR_TEXTS.priceChanged, 'PRICE_CHANGED');
    const orderNumber = await tx.vouchers.createGift(
      {
        customerId,
        plan: plan.code,
        months: request.months,
        cardCode: card.code,
        cardNumber: card.masked_number,
        amountFening,
        key,
        channel: recipient.channel,
        recipient: recipient.to,
        message,
      },
      deps.now(),
    );
    return { orderNumber, amountFening };
  });
  return payPlacedOrder(deps, customerId, card, {
    ...placed,
    description: ORDER_TEXTS.order(ORDER_TEXTS.giftName(plan.name), placed.orderNumber),
  });
}

/**
 * A gift's payment arrived: in the event's transaction, the order PAID (once: a repeated event finds it
 * so and does nothing), a batch of one code made for it, the code sent to the person named and the
 * receipt with the invoice to the buyer. False when the order no longer waited for it (cancelled by
 * another order, or paid already): the money goes back unless it was paid (money/giveBack.ts).
 */
export async function settleGift(
  tx: Repositories,
  deps: { sealing: Keyring; notifier: Notifier; now: () => Date },
  orderNumber: string,
): Promise<boolean> {
  const at = deps.now();
  if (!(await tx.vouchers.payGift(orderNumber, at))) return false;
  const gift = (await tx.vouchers.gift(orderNumber))!;
  await recordCreditIssued(tx, { orderNumber, customerId: gift.customer_id }, gift.amount_fening, at);
  const batchId = await tx.vouchers.createBatch(
    {
      planCode: gift.plan_code,
      months: gift.months,
      count: 1,
      validUntil: addDays(isoDay(at), GIFT_VALID_DAYS),
      label: VOUCHER_STAFF_TEXTS.giftLabel(orderNumber),
    },
    { name: `customer ${gift.customer_id}`, staffId: null },
    at,
  );
  let code = newVoucherCode();
  // A digest already stored (75 random bits make it all but impossible) is drawn again.
  while (
    !(await tx.vouchers.addCodes(batchId, [{ digest: voucherDigest(deps.sealing, code), lastFour: lastFour(code) }]))
      .size
  )
    code = newVoucherCode();
  await tx.vouchers.giftVoucher(orderNumber, voucherDigest(deps.sealing, code));
  await deps.notifier.send(
    {
      ...NOTICES.gift({
        plan: gift.plan_name,
        months: gift.months,
        code,
        from: gift.buyer_first_name,
        message: gift.message,
        validUntil: addDays(isoDay(at), GIFT_VALID_DAYS),
      }),
      to: gift.recipient,
      channel: gift.channel,
    },
    tx,
  );
  await notifyCustomer(
    tx,
    deps.notifier,
    gift.customer_id,
    NOTICES.giftBought({
      plan: gift.plan_name,
      months: gift.months,
      amountFening: gift.amount_fening,
      card: gift.card_number,
      orderNumber,
      to: gift.recipient,
    }),
  );
  return true;
}
