import { queryClient, type SubscriptionContentModule } from '@portal/shared';
import { plansInfo } from '../content/plansInfo';
import { appLinks } from '../content/content';
import { publicUrl } from '../content/publicUrl';
import { legalTextQuery } from '../legal/legalText';

/** The catalogue's content the subscribe page shows (exposed as `catalogue/subscription`). */
const content: SubscriptionContentModule = {
  plansInfo,
  apps: appLinks.map((app) => ({ label: app.label, href: app.href, image: publicUrl(app.badge) })),
  loadLegalText: (file) => queryClient.fetchQuery(legalTextQuery(file)),
};

export const { loadLegalText, apps } = content;
export { plansInfo };
