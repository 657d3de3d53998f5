import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { promoSchema } from './account';
import type { Section } from './endpoint';

/** Plan codes of the two packages (product.md §1). */
export const PLAN_CODES = ['starton', 'maxon'] as const;
const planCodeSchema = /* @__PURE__ */ lazySchema(() => z.enum(PLAN_CODES));
/** How many devices may watch at once on each package (product.md §1). */
export const DEVICES_AT_ONCE: Record<(typeof PLAN_CODES)[number], number> = { starton: 2, maxon: 4 };

/**
 * One plan of `GET /{product}/plans` (product.md §3): the monthly price in KM, VAT included, and its promos.
 */
const planSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    price: z.number().check(z.positive()),
    promos: z.array(promoSchema),
  }),
);
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = /* @__PURE__ */ lazySchema(() => z.array(planSchema));

/**
 * `GET /{product}/plans`, public: its entry in the one table (`endpoints.plans`, through catalogueSection
 * below), and what the embeddable widget calls with its own small transport (the table would bring every
 * schema along).
 */
export const plansEndpoint = {
  method: 'GET',
  path: '/{product}/plans',
  answer: plansResponseSchema,
  access: 'public',
} as const;

/**
 * A rise of the customer's package price they were told of and that is still to come
 * (docs/prices-and-promos.md): the renewal it applies from and the new monthly price; null when none.
 */
const priceNoticeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ notice: z.nullable(z.object({ from: z.string(), price: z.number() })) }),
);
export type PriceNotice = z.infer<typeof priceNoticeSchema>;

/** The catalogue's calls (the packages and their prices), a section of the one table (endpoints.ts). */
export const catalogueSection = {
  plans: plansEndpoint,
  /** A rise of the customer's package price still to come, for the account page ('Od {date} cijena tvog paketa je {price} KM'). */
  priceNotice: {
    method: 'GET',
    path: '/{product}/priceNotice',
    answer: priceNoticeSchema,
    access: 'customer',
  },
} as const satisfies Section;

/*
 * The catalogue's static files (product.md §2, Public: editable files): slider data, the plan file, channel
 * icons, faq.json, and the app store links. Editors change them; the tests parse every file with
 * these schemas, so a broken edit fails `npm test` before it reaches a page.
 */

/** A path under the catalogue's own content folder (`images/...`), never another site. */
const localPath = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(z.regex(/^[a-z0-9][a-z0-9/_.-]*\.(svg|png|jpe?g|webp)$/, 'a path under content/, e.g. images/slides/x.svg')),
);
/** A link inside the portal (`/paketi`) or to another site over https. */
const href = /* @__PURE__ */ lazySchema(() =>
  z.string().check(z.regex(/^(\/(?!\/)|https:\/\/)/, 'a portal path starting with / or an https:// address')),
);
const day = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')));
const nonEmpty = () => z.string().check(z.minLength(1));

const slideSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    landscape: localPath,
    portrait: localPath,
    alt: nonEmpty(),
    link: z.optional(z.object({ href, text: nonEmpty(), position: z.enum(['left', 'center', 'right']) })),
  }),
);
export const sliderFileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ slides: z.array(slideSchema).check(z.minLength(1)) }),
);
export type Slide = z.infer<typeof slideSchema>;

const planInfoSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: nonEmpty(),
    numChannels: z.int().check(z.positive()),
    additionalServices: z.array(z.object({ name: nonEmpty(), type: nonEmpty() })),
    multiscreenDescription: nonEmpty(),
    planSpotlight: z.boolean(),
  }),
);
export type PlanInfo = z.infer<typeof planInfoSchema>;

export const plansFileSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      list: z.array(planCodeSchema).check(z.minLength(1)),
      plans: z.record(planCodeSchema, planInfoSchema),
      vodNote: z.object({ text: nonEmpty(), promoUntil: day }),
    })
    .check(
      z.refine((file) => file.list.every((code) => code in file.plans), 'every code in list needs an entry in plans'),
    ),
);
export type PlansFile = z.infer<typeof plansFileSchema>;

const channelSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: nonEmpty(),
    landscape: localPath,
    start: z.boolean(),
    max: z.boolean(),
  }),
);
export const channelsFileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ channels: z.array(channelSchema).check(z.minLength(1)) }),
);
export type Channel = z.infer<typeof channelSchema>;

export const appsFileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    apps: z
      .array(
        z.object({
          platform: nonEmpty(),
          href: z.string().check(z.regex(/^https:\/\//, 'an https:// address')),
          badge: localPath,
          label: nonEmpty(),
        }),
      )
      .check(z.minLength(1)),
  }),
);
export type AppLink = z.infer<typeof appsFileSchema>['apps'][number];

export const faqFileSchema = /* @__PURE__ */ lazySchema(() =>
  z.array(z.object({ q: nonEmpty(), a: nonEmpty() })).check(z.minLength(1)),
);
export type FaqItem = z.infer<typeof faqFileSchema>[number];
