/** The package widget for federated hosts: call `defineTvPaketi()`, then use `<tv-paketi>` like the loader's users do. */
export { defineTvPaketi, TvPaketiElement, WIDGET_TAG } from '../widget/TvPaketiElement';
