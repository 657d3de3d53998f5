import type { SubscriptionContentModule } from '@portal/shared';
import { plansInfo } from '../content/plansInfo';
import { appLinks } from '../content/content';
import { publicUrl } from '../content/publicUrl';
import { sanitizeLegalHtml } from '../legal/sanitize';
import { fetchResource } from '../resources/useResource';

/** The catalogue's content the subscribe page shows (exposed as `catalogue/subscription`). */
const content: SubscriptionContentModule = {
  plansInfo,
  apps: appLinks.map((app) => ({ label: app.label, href: app.href, image: publicUrl(app.badge) })),
  async loadLegalText(file) {
    return sanitizeLegalHtml(await (await fetchResource(file)).text());
  },
};

export const { loadLegalText, apps } = content;
export { plansInfo };
