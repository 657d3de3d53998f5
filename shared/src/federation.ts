import type { RouteObject } from './router';

/**
 * What every remote exposes as `./routes`: its route objects. The host mounts them under the
 * URL prefixes it maps to the remote; paths are absolute (`/nalog/...`).
 */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

/**
 * What the catalogue exposes as `./subscription` for the subscribe page: the static plan file and the
 * two terms texts, sanitised (product.md §2, Subscribing).
 */
export interface SubscriptionContentModule {
  plansInfo: import('./contract').PlansFile;
  /** The app badges, with their image addresses resolved. */
  apps: Array<{ label: string; href: string; image: string }>;
  loadLegalText(file: 'terms.html' | 'use-terms.html'): Promise<string>;
}
