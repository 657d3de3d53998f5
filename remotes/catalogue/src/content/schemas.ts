/**
 * The catalogue's content files are part of the contract (`@portal/shared`), so their schemas ride in
 * the page's one shared bundle instead of a second copy of zod in this remote.
 */
export {
  appsFileSchema,
  channelsFileSchema,
  faqFileSchema,
  plansFileSchema,
  sliderFileSchema,
  type AppLink,
  type Channel,
  type FaqItem,
  type PlanInfo,
  type PlansFile,
  type Slide,
} from '@portal/shared';
