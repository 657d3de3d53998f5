/**
 * The code that shows a page in Cyrillic, a chunk of its own: a visitor who reads Latin never downloads
 * it. The host's prepare starts it for a device that chose Cyrillic, so it is there by the first render.
 */
let loading: Promise<typeof import('./cyrillicPage')> | undefined;

export function loadCyrillicPage(): Promise<typeof import('./cyrillicPage')> {
  loading ??= import(/* webpackChunkName: "cyrillic" */ './cyrillicPage');
  return loading;
}
