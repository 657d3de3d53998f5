import { faqFileSchema, type FaqItem } from '../content/schemas';
import { resourceQuery } from '../resources/resourceQuery';

/** The FAQ's file under `resources/`. */
export const FAQ_FILE = 'faq.json';

/** The questions of `resources/faq.json`, read at run time (an editor's change needs no rebuild). */
export const faqQuery = resourceQuery(FAQ_FILE, async (response): Promise<FaqItem[]> =>
  faqFileSchema.parse(await response.json()),
);
