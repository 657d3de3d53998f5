import { z } from 'zod';
import { promoSchema } from './account';

/** Plan codes of the two packages (spec 9). */
export const PLAN_CODES = ['starton', 'maxon'] as const;
export const planCodeSchema = z.enum(PLAN_CODES);
export type PlanCode = z.infer<typeof planCodeSchema>;

/** One plan of `GET /{product}/plans` (spec 3): the monthly price in KM, VAT included, and its promos. */
export const planSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  price: z.number().positive(),
  promos: z.array(promoSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.array(planSchema);

/*
 * The catalogue's static files (spec 3 and 7, Static files): slider data, the plan file, channel
 * icons, faq.json, and the app store links. Editors change them; the tests parse every file with
 * these schemas, so a broken edit fails `npm test` before it reaches a page.
 */

/** A path under the catalogue's own content folder (`images/...`), never another site. */
const localPath = z.string().regex(/^[a-z0-9][a-z0-9/_.-]*\.(svg|png|jpe?g|webp)$/, 'a path under content/, e.g. images/slides/x.svg');
/** A link inside the portal (`/paketi`) or to another site over https. */
const href = z.string().regex(/^(\/(?!\/)|https:\/\/)/, 'a portal path starting with / or an https:// address');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const slideSchema = z.object({
  landscape: localPath,
  portrait: localPath,
  alt: z.string().min(1),
  link: z
    .object({ href, text: z.string().min(1), position: z.enum(['left', 'center', 'right']) })
    .optional(),
});
export const sliderFileSchema = z.object({ slides: z.array(slideSchema).min(1) });
export type Slide = z.infer<typeof slideSchema>;

export const planInfoSchema = z.object({
  name: z.string().min(1),
  numChannels: z.number().int().positive(),
  additionalServices: z.array(z.object({ name: z.string().min(1), type: z.string().min(1) })),
  multiscreenDescription: z.string().min(1),
  planSpotlight: z.boolean(),
});
export type PlanInfo = z.infer<typeof planInfoSchema>;

export const plansFileSchema = z
  .object({
    list: z.array(planCodeSchema).min(1),
    plans: z.record(planCodeSchema, planInfoSchema),
    vodNote: z.object({ text: z.string().min(1), promoUntil: day }),
  })
  .refine((file) => file.list.every((code) => code in file.plans), { message: 'every code in list needs an entry in plans' });
export type PlansFile = z.infer<typeof plansFileSchema>;

export const channelSchema = z.object({
  name: z.string().min(1),
  landscape: localPath,
  start: z.boolean(),
  max: z.boolean(),
});
export const channelsFileSchema = z.object({ channels: z.array(channelSchema).min(1) });
export type Channel = z.infer<typeof channelSchema>;

export const appsFileSchema = z.object({
  apps: z.array(z.object({ platform: z.string().min(1), href: z.string().regex(/^https:\/\//, 'an https:// address'), badge: localPath, label: z.string().min(1) })).min(1),
});
export type AppLink = z.infer<typeof appsFileSchema>['apps'][number];

export const faqFileSchema = z.array(z.object({ q: z.string().min(1), a: z.string().min(1) })).min(1);
export type FaqItem = z.infer<typeof faqFileSchema>[number];
