import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { CARD_HOLDER_PHONE, EMAIL_PATTERN } from './username';
import { isPlainLine } from './text';
import { FIELD_TEXTS } from '../texts/fields';

/*
 * The customer's saved cards (product.md §3, §7; remotes/account/src/cards/): a card as the portal sees
 * it, its holder's data, a new card's setup, the number checks of the card forms, and their calls.
 */

const cardTypeSchema = /* @__PURE__ */ lazySchema(() => z.enum(['master', 'maestro', 'visa']));
export type CardType = z.infer<typeof cardTypeSchema>;

/** A saved card (product.md §3): only the masked number ever reaches the portal. */
export const creditCardSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string(),
    primaryCard: z.boolean(),
    creditCardTypeCode: cardTypeSchema,
    cardNumber: z.string(),
    fullName: z.nullable(z.string()),
    address: z.nullable(z.string()),
    city: z.nullable(z.string()),
    zip: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    country: z.nullable(z.string()),
    email: z.nullable(z.string()),
    expirationDateMm: z.int(),
    expirationDateYy: z.int(),
  }),
);
export type CreditCard = z.infer<typeof creditCardSchema>;

export type CardHolderField = 'fullName' | 'address' | 'city' | 'zip' | 'country' | 'email' | 'phone';
export type CardHolder = Record<CardHolderField, string>;

/** product.md §5, Card holder: every value at least 2 characters and below its limit, plus the extra rules. */
const HOLDER_RULES: Record<CardHolderField, { below: number; message: string; pattern?: RegExp }> = {
  fullName: { below: 30, message: FIELD_TEXTS.fullName },
  address: { below: 100, message: FIELD_TEXTS.address },
  city: { below: 30, message: FIELD_TEXTS.city },
  zip: { below: 9, message: FIELD_TEXTS.zip },
  country: { below: 3, message: FIELD_TEXTS.country },
  email: { below: 100, message: FIELD_TEXTS.email, pattern: EMAIL_PATTERN },
  phone: { below: 30, message: CARD_HOLDER_PHONE.message, pattern: CARD_HOLDER_PHONE.pattern },
};

/** The message for a bad value, or null when it is valid. Values are trimmed first; a line break or an invisible control character is never valid (it would forge a line of the invoice). */
export function cardHolderError(field: CardHolderField, value: string): string | null {
  const rule = HOLDER_RULES[field];
  const text = value.trim().normalize('NFC');
  const ok =
    text.length >= 2 && text.length < rule.below && isPlainLine(text) && (!rule.pattern || rule.pattern.test(text));
  return ok ? null : rule.message;
}

const holderValue = (field: CardHolderField) =>
  z.string().check(
    z.trim(),
    z.normalize('NFC'),
    z.refine((value) => cardHolderError(field, value) === null, HOLDER_RULES[field].message),
  );

/** `PATCH /credit-card/{code}` body. */
export const cardHolderSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fullName: holderValue('fullName'),
    address: holderValue('address'),
    city: holderValue('city'),
    zip: holderValue('zip'),
    country: z.string().check(z.regex(/^[A-Z]{2}$/, HOLDER_RULES.country.message)),
    email: holderValue('email'),
    phone: holderValue('phone'),
  }),
);

/**
 * What a payment is for and how much, passed to the payment provider's confirmation (product.md §3).
 */
export const orderInfoSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ orderInfo: z.string(), amount: z.number() }),
);
export type OrderInfo = z.infer<typeof orderInfoSchema>;

/** Card verification reserves 0.10 KM (product.md §9). */
export const CARD_VERIFICATION_AMOUNT = 0.1;

/** `POST /credit-card` answer (product.md §3): the new card's code and the provider's setup secret. */
export const newCardResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string(),
    paymentSecret: z.string(),
    card: z.nullable(creditCardSchema),
    orderInfo: orderInfoSchema,
  }),
);
export type NewCardResponse = z.infer<typeof newCardResponseSchema>;

export const creditCardListSchema = /* @__PURE__ */ lazySchema(() => z.array(creditCardSchema));

/** The card types the portal accepts: Visa 4…, Mastercard 51-55 and 2221-2720, Maestro 50 and 56-69. */
export function cardBrandOf(number: string): CardType | null {
  if (/^4/.test(number)) return 'visa';
  if (/^5[1-5]/.test(number)) return 'master';
  const first4 = Number(number.slice(0, 4));
  if (first4 >= 2221 && first4 <= 2720) return 'master';
  if (/^(50|5[6-9]|6)/.test(number)) return 'maestro';
  return null;
}

/** The Luhn check digit rule, on 12 to 19 digits. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An expiry month/year (two-digit year) not yet past at `now`: a card is valid through its month. */
export function expiryValid(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0 || year > 99)
    return false;
  const fullYear = 2000 + year;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expiry = fullYear * 12 + (month - 1);
  return expiry >= current && expiry <= current + 20 * 12;
}

export const cvcValid = (cvc: string): boolean => /^\d{3,4}$/.test(cvc);

/** The cards' calls, a section of the one table (endpoints.ts). */
export const cardsSection = {
  createCard: { method: 'POST', path: '/credit-card', answer: newCardResponseSchema, access: 'customer' },
  listCards: { method: 'GET', path: '/credit-card', answer: creditCardListSchema, access: 'customer' },
  setPrimaryCard: {
    method: 'PATCH',
    path: '/credit-card/primary/{code}',
    answer: creditCardListSchema,
    access: 'customer',
  },
  updateCardHolder: {
    method: 'PATCH',
    path: '/credit-card/{code}',
    body: cardHolderSchema,
    answer: /* @__PURE__ */ lazySchema(() => z.object({ code: z.string() })),
    access: 'customer',
  },
  deleteCard: {
    method: 'DELETE',
    path: '/credit-card/{code}',
    answer: creditCardListSchema,
    access: 'customer',
  },
} as const satisfies Section;
