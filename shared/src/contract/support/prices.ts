import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { PRICE_TEXTS } from '../../texts/prices';
import { STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { isDay, reasonSchema } from './fields';

/*
 * Prices and promos run from the support console (docs/prices-and-promos.md): admins change a
 * package's price from a day on and start or end its promo, each with a reason in the audit trail;
 * agents read. Under `/api/staff`, with the console's tokens (contract/support/).
 */

/**
 * KM as typed in the console: `29,90` or `29.90`, from 0,01 to 10.000 KM.
 */
const isKmAmount = (value: string): boolean => {
  if (!/^\d{1,5}([.,]\d{1,2})?$/.test(value)) return false;
  const km = Number(value.replace(',', '.'));
  return km > 0 && km <= 10_000;
};

const day = /* @__PURE__ */ lazySchema(() => z.string().check(z.refine(isDay, STAFF_TEXTS.dayFormat)));

/** A new price (KM, VAT included) from a day on (today or later), and why. */
export const priceChangeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    price: z.string().check(z.trim(), z.refine(isKmAmount, PRICE_TEXTS.priceFormat)),
    appliesFrom: day,
    reason: reasonSchema,
  }),
);

/**
 * A promo campaign: a free period until a day, or of a number of days from the subscription; for new customers only.
 */
const promoStartRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      until: z.optional(day),
      days: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(365))),
      reason: reasonSchema,
    })
    .check(z.refine((body) => (body.until === undefined) !== (body.days === undefined), PRICE_TEXTS.promoShape)),
);

/** The console's form for a promo: the end day or the days as typed, one of them. */
export const promoFormSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      until: z.string().check(z.trim()),
      days: z.string().check(z.trim()),
      reason: reasonSchema,
    })
    .check(
      z.refine(
        (form) =>
          (form.until === '') !== (form.days === '') &&
          (form.until === '' || isDay(form.until)) &&
          (form.days === '' || (/^\d{1,3}$/.test(form.days) && Number(form.days) >= 1 && Number(form.days) <= 365)),
        { message: PRICE_TEXTS.promoShape, path: ['until'] },
      ),
    ),
);

export const promoEndRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ reason: reasonSchema }));

const priceEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    price: z.number(),
    appliesFrom: z.string(),
    staffName: z.string(),
    reason: z.string(),
    createdAt: z.string(),
  }),
);
export type PriceEntry = z.infer<typeof priceEntrySchema>;

const campaignSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    status: z.string(),
    /** Whether it is on the pages now: ACTIVE and, for one until a day, that day not past. */
    running: z.boolean(),
    durationUntil: z.nullable(z.string()),
    durationDays: z.nullable(z.number()),
    startedAt: z.nullable(z.string()),
    startedBy: z.nullable(z.string()),
    endedAt: z.nullable(z.string()),
    endedBy: z.nullable(z.string()),
    reason: z.nullable(z.string()),
  }),
);
export type Campaign = z.infer<typeof campaignSchema>;

const packagePricesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    /** The list price today: what a new customer pays. */
    price: z.number(),
    /** Changes from a day still to come, soonest first. */
    scheduled: z.array(priceEntrySchema),
    /** Changes in force or past, newest first. */
    history: z.array(priceEntrySchema),
    promos: z.array(campaignSchema),
  }),
);
export type PackagePrices = z.infer<typeof packagePricesSchema>;

const pricesOverviewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    packages: z.array(packagePricesSchema),
    /** PRICE_NOTICE_DAYS: how long before a rise reaches a subscriber they are told of it. */
    noticeDays: z.number(),
    today: z.string(),
  }),
);
export type PricesOverview = z.infer<typeof pricesOverviewSchema>;

/** The console's prices and promos (remotes/support/src/prices/), a section of the one table (endpoints.ts). */
export const staffPricesSection = {
  staffPrices: {
    method: 'GET',
    path: '/staff/prices',
    answer: pricesOverviewSchema,
    access: 'agent',
  },
  staffChangePrice: {
    method: 'POST',
    path: '/staff/prices/{planCode}',
    body: priceChangeRequestSchema,
    answer: pricesOverviewSchema,
    access: 'admin',
  },
  staffStartPromo: {
    method: 'POST',
    path: '/staff/prices/{planCode}/promos',
    body: promoStartRequestSchema,
    answer: pricesOverviewSchema,
    access: 'admin',
  },
  staffEndPromo: {
    method: 'POST',
    path: '/staff/promos/{promoId}/end',
    body: promoEndRequestSchema,
    answer: pricesOverviewSchema,
    access: 'admin',
  },
} as const satisfies Section<StaffEndpoint>;
