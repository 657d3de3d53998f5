import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { VOUCHER_TEXTS, voucherOfMeans } from '../texts/vouchers';
import type { Section } from './endpoint';
import { paymentOrderResponseSchema } from './payments';
import { serviceStatusSchema } from './subscription';

/*
 * Prepaid vouchers (the specification's `mbons`, docs/vouchers.md): a code worth some months of one
 * package, redeemed once into the customer's credit, which pays renewals before the card. What the
 * customer's pages and the API share; the console's are in contract/support/vouchers.ts.
 */

/** The characters of a code: no 0/O or 1/I, so that it reads aloud and types without doubt (32 of them: 5 bits each). */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A code's length: 15 random characters (75 bits) and a check character, in four groups of four. */
export const VOUCHER_LENGTH = 16;

/** Times 2 in GF(32) (modulo x⁵ + x² + 1): a multiplication that never maps two characters to one. */
const times2 = (value: number): number => (value & 16 ? (value << 1) ^ 0b100101 : value << 1);

/**
 * A code's characters as the coefficients of a polynomial over GF(32), evaluated at 2 (Horner's rule).
 * A code is well formed when it evaluates to 0: every single wrong character and every swap of two
 * different neighbours changes the value (the weights are distinct powers of 2, and 2 − 1 ≠ 0), which
 * Luhn mod 32 misses for one pair of characters.
 */
const fold = (code: string): number => [...code].reduce((sum, c) => times2(sum) ^ VOUCHER_ALPHABET.indexOf(c), 0);

/** The check character that ends a code whose random part is `body`. */
export const voucherCheckCharacter = (body: string): string => VOUCHER_ALPHABET[times2(fold(body))]!;

/** A code as typed (`abcd efgh-…`), in its stored form: upper case, without spaces and dashes. */
export const normaliseVoucherCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

/** Whether a normalised code has the alphabet's characters, the length and a right check character. */
export function voucherCodeWellFormed(code: string): boolean {
  if (code.length !== VOUCHER_LENGTH) return false;
  if ([...code].some((c) => !VOUCHER_ALPHABET.includes(c))) return false;
  return fold(code) === 0;
}

/** `ABCD-EFGH-JKLM-NPQR`: how a code is printed. */
export const groupVoucherCode = (code: string): string => code.replace(/(.{4})(?=.)/g, '$1-');

export const redeemVoucherRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ code: z.string().check(z.maxLength(64, VOUCHER_TEXTS.wrongCode)) }),
);

/** One voucher the customer redeemed, as `GET /customer/payment-data` lists it in `mbons`. */
export const mbonSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The code's last four characters: all that is ever shown of it. */
    lastFour: z.string(),
    planCode: z.string(),
    planName: z.string(),
    months: z.int(),
    redeemedAt: z.string(),
    monthsLeft: z.int(),
  }),
);
export type Mbon = z.infer<typeof mbonSchema>;

/** `POST /{product}/subscribe-with-voucher`: a package the customer has voucher credit for. */
const voucherSubscriptionRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ plan: z.string().check(z.minLength(1), z.maxLength(40)) }),
);

export { VOUCHER_TEXTS, voucherOfMeans };

/** The longest message a giver may write to go with a gift's code (an SMS holds it with the code). */
export const GIFT_MESSAGE_MAX = 300;
/** The most months one gift may buy. */
export const GIFT_MONTHS_MAX = 12;

/**
 * `POST /customer/gifts`: a voucher of `months` of `plan`, paid with the buyer's card `creditCardId`,
 * whose code goes to `to` (an e-mail address or a phone number) with `message`. `amount` is the total
 * the buyer was shown (the package's price times the months); another total is refused. Answered as a
 * purchase's order is: the buyer confirms its payment in the browser.
 */
const giftRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plan: z.string().check(z.minLength(1), z.maxLength(40)),
    months: z
      .int()
      .check(z.minimum(1, VOUCHER_TEXTS.gift.wrongMonths), z.maximum(GIFT_MONTHS_MAX, VOUCHER_TEXTS.gift.wrongMonths)),
    to: z
      .string()
      .check(z.minLength(1, VOUCHER_TEXTS.gift.wrongRecipient), z.maxLength(254, VOUCHER_TEXTS.gift.wrongRecipient)),
    message: z.string().check(z.maxLength(GIFT_MESSAGE_MAX, VOUCHER_TEXTS.gift.messageTooLong(GIFT_MESSAGE_MAX))),
    amount: z.number(),
    creditCardId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
);
export type GiftRequest = z.infer<typeof giftRequestSchema>;

/** The vouchers' calls, a section of the one table (endpoints.ts). */
export const vouchersSection = {
  /** A prepaid voucher's months into the customer's credit (docs/vouchers.md); answers the voucher as `mbons` lists it. */
  redeemVoucher: {
    method: 'POST',
    path: '/customer/redeem-voucher',
    body: redeemVoucherRequestSchema,
    answer: mbonSchema,
    access: 'customer',
  },
  /** A voucher bought by card as a gift (docs/vouchers.md): its order, paid as a purchase's; the code goes to the person named. */
  buyGift: {
    method: 'POST',
    path: '/customer/gifts',
    body: giftRequestSchema,
    answer: paymentOrderResponseSchema,
    access: 'customer',
  },
  /** 'Pretplati se vaučerom': a customer who may buy subscribes with a month of voucher credit, without a card (docs/vouchers.md). */
  subscribeWithVoucher: {
    method: 'POST',
    path: '/{product}/subscribe-with-voucher',
    body: voucherSubscriptionRequestSchema,
    answer: serviceStatusSchema,
    access: 'customer',
  },
} as const satisfies Section;
