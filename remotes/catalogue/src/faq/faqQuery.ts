import { faqFileSchema, type FaqItem } from '../content/schemas';
import { resourceQuery } from '../resources/resourceQuery';

/** The questions of `resources/faq.json`, read at run time (an editor's change needs no rebuild). */
export const faqQuery = resourceQuery('faq.json', async (response): Promise<FaqItem[]> =>
  faqFileSchema.parse(await response.json()),
);
