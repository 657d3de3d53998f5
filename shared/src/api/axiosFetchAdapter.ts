/**
 * What the browser bundles have in place of axios's fetch adapter (build/plugins.ts, AXIOS_XHR_ONLY).
 * The page's axios instances send through XMLHttpRequest (`adapter: 'xhr'`, httpClient.ts), so the fetch
 * adapter is code no page runs (2.7 KB gzip of the API client's chunk). Asking for it anyway fails as
 * axios fails for an adapter the platform lacks: "Adapter fetch is not supported by the environment".
 * Plain JavaScript syntax: webpack reads it in place of a .js module, without the TypeScript loader.
 */
export const getFetch = () => null;
export default null;
