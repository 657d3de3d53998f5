import { DEVICES_AT_ONCE, messages, paths, type Plan } from '@portal/shared';
import { activePromo, freePeriodSpecification } from '@portal/shared/format';
import type { FaqItem, PlansFile } from '../content/schemas';
import { CHANNELS_TEXTS, HOME_TEXTS, LEGAL_TEXTS, LIBRARIES_TEXTS, PLANS_TEXTS, SEO_TEXTS } from '../texts';

/** What a page was rendered with, so the browser hydrates it with the same answers. */
interface PageData {
  plans: Plan[];
  faq: FaqItem[];
  plansInfo: PlansFile;
}

/**
 * A public page the catalogue's build renders to HTML (docs/decisions/031-prerendered-public-pages.md).
 * `path` may carry a query (`/tv-kanali?paket=maxon`, the list filtered to one package); `reads` are the
 * answers its first render shows. URLs in `jsonLd` start with `{origin}`: the server names the portal's.
 */
interface PrerenderedPage {
  path: string;
  title: string;
  description: string;
  reads: Array<'plans' | 'faq' | 'legal'>;
  /** The page's own chunk (its `webpackChunkName` in exposes/routes.tsx); the home page comes with the routes. */
  chunk?: 'plans' | 'channels' | 'libraries' | 'faq' | 'legal';
  jsonLd?: (data: PageData) => object;
}

const SITE = 'ON TV';

/**
 * schema.org: each package as a Product with its monthly Offer in BAM, VAT included (product.md §9), and,
 * while a campaign runs, its free period beside the monthly price in the Offer's `priceSpecification`.
 */
export function packagesJsonLd({ plans, plansInfo }: PageData, now: Date = new Date()): object {
  return {
    '@context': 'https://schema.org',
    '@graph': plansInfo.list.flatMap((code) => {
      const plan = plans.find((p) => p.code === code);
      const info = plansInfo.plans[code];
      if (!plan || !info) return [];
      const promo = activePromo(plan.promos, now);
      const monthly = {
        '@type': 'UnitPriceSpecification',
        price: plan.price.toFixed(2),
        priceCurrency: 'BAM',
        valueAddedTaxIncluded: true,
        billingDuration: 'P1M',
      };
      return [
        {
          '@type': 'Product',
          name: SEO_TEXTS.offerName(info.name),
          description: SEO_TEXTS.offerDescription(info.numChannels, DEVICES_AT_ONCE[code]),
          brand: { '@type': 'Brand', name: SITE },
          image: '{origin}/remotes/catalogue/images/share.png',
          offers: {
            '@type': 'Offer',
            price: plan.price.toFixed(2),
            priceCurrency: 'BAM',
            availability: 'https://schema.org/InStock',
            url: `{origin}${paths.subscribe.href(code)}`,
            priceSpecification: promo ? [monthly, freePeriodSpecification(promo)] : monthly,
          },
        },
      ];
    }),
  };
}

/** schema.org: the FAQ page's questions and answers. */
const faqJsonLd = ({ faq }: PageData): object => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: faq.map((item) => ({
    '@type': 'Question',
    name: item.q,
    acceptedAnswer: { '@type': 'Answer', text: item.a },
  })),
});

const channelsOf = (plan: 'starton' | 'maxon', name: string): PrerenderedPage => ({
  path: paths.channels.href(plan),
  title: `${CHANNELS_TEXTS.title}: ${name}`,
  description: SEO_TEXTS.channelsOf(name),
  reads: [],
  chunk: 'channels',
});

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: paths.home.href(), title: HOME_TEXTS.title, description: SEO_TEXTS.home, reads: [] },
  {
    path: paths.packages.href(),
    title: PLANS_TEXTS.title,
    description: SEO_TEXTS.packages,
    reads: ['plans'],
    chunk: 'plans',
    jsonLd: (data) => packagesJsonLd(data),
  },
  {
    path: paths.channels.href(),
    title: CHANNELS_TEXTS.title,
    description: SEO_TEXTS.channels,
    reads: [],
    chunk: 'channels',
  },
  channelsOf('starton', CHANNELS_TEXTS.start),
  channelsOf('maxon', CHANNELS_TEXTS.max),
  {
    path: paths.libraries.href(),
    title: LIBRARIES_TEXTS.title,
    description: SEO_TEXTS.libraries,
    reads: [],
    chunk: 'libraries',
  },
  {
    path: paths.faq.href(),
    title: messages.faq,
    description: SEO_TEXTS.faq,
    reads: ['faq'],
    chunk: 'faq',
    jsonLd: faqJsonLd,
  },
  {
    path: paths.paymentTerms.href(),
    title: messages.termsOfPayment,
    description: SEO_TEXTS.paymentTerms,
    reads: ['legal'],
    chunk: 'legal',
  },
  {
    path: paths.termsOfUse.href(),
    title: messages.termsOfUse,
    description: SEO_TEXTS.termsOfUse,
    reads: ['legal'],
    chunk: 'legal',
  },
  {
    path: paths.privacyPolicy.href(),
    title: LEGAL_TEXTS.privacy,
    description: SEO_TEXTS.privacy,
    reads: ['legal'],
    chunk: 'legal',
  },
];
