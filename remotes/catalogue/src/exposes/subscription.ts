import type { SubscriptionContentModule } from '@portal/shared';
import { plansInfo } from '../content/plansInfo';
import { appLinks } from '../content/content';
import { publicUrl } from '../content/publicUrl';
import { sanitizeLegalHtml } from '../legal/sanitize';

/** The catalogue's content the subscribe page shows (exposed as `catalogue/subscription`). */
const content: SubscriptionContentModule = {
  plansInfo,
  apps: appLinks.map((app) => ({ label: app.label, href: app.href, image: publicUrl(app.badge) })),
  async loadLegalText(file) {
    const response = await fetch(publicUrl(`resources/${file}`));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return sanitizeLegalHtml(await response.text());
  },
};

export const { loadLegalText, apps } = content;
export { plansInfo };
