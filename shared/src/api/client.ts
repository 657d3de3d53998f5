import type * as z from 'zod/mini';
import type { endpoints } from '../contract/endpoints';
import type { AnswerOf, BodyIn, Endpoint, ParamsOf, ProductSchema } from '../contract/endpoint';
import type { CallerInput } from './http';
import { ApiError } from './errors';
import { endpointNamed } from './sections';
import { apiSettings } from './settings';

/**
 * The API client's own chunk (axios and its interceptors, http.ts), fetched with the first call and
 * shared by every call after it. A page that knows it will call at once starts it early (preloadApiClient).
 */
const loadHttp = () =>
  import(/* webpackChunkName: "api-client" */ './http').catch((error: unknown) => {
    // The chunk did not arrive (offline, or a tab older than the deployed portal): a call that did not
    // reach the server, as the pages already explain it; the next call asks for the chunk again.
    console.warn('The API client could not be loaded', error);
    throw new ApiError(0, undefined, undefined);
  });

/** Starts fetching the API client before the first call needs it (a signed-in visitor's pages call at once). */
export function preloadApiClient(): void {
  loadHttp().catch(() => undefined); // the first call reports a failure to load
}

export function configureApi(options: { baseURL: string; product: string }): void {
  apiSettings.baseURL = options.baseURL;
  apiSettings.product = options.product;
}

export function getProduct(): string {
  return apiSettings.product;
}

/** `/{product}/accountInfo`, `/{product}-payments`: product-scoped call paths (product.md §7). */
export function productPath(path: string): string {
  const { product } = apiSettings;
  return path.startsWith('-') ? `/${product}${path}` : `/${product}/${path.replace(/^\//, '')}`;
}

/**
 * What a call of `endpoint` takes: its path parameters, its body and query when it has them, extra
 * headers, the `signal` of a page that may stop needing the answer (the request is cancelled), and the
 * token to sign it with when it is not the stored customer's.
 */
export type CallInput<E extends Endpoint> = (keyof ParamsOf<E> extends never
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E['body'] extends ProductSchema ? { body: BodyIn<E> } : { body?: undefined }) &
  (E['query'] extends z.ZodMiniType ? { query: z.input<E['query']> } : { query?: undefined }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /**
     * The bearer token of this call in place of the stored customer's, or null for none: the support
     * console signs its calls with its member's session or a sign-in step's challenge
     * (remotes/support/src/api/staffClient.ts). A call that names its token is never refreshed after a 401.
     */
    token?: string | null;
  };
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type Table = typeof endpoints;
/** One function per call of the table, by its name, answering what its answer schema reads. */
type Calls = { [N in keyof Table]: (...args: CallArgs<Table[N]>) => Promise<AnswerOf<Table[N]>> };
/** The calls that answer a file, not JSON: a GET without an answer schema (the invoice's PDF, the audit's CSV). */
type FileCall = {
  [N in keyof Table]: Table[N] extends { method: 'GET' } ? ('answer' extends keyof Table[N] ? never : N) : never;
}[keyof Table];
type Downloads = { [N in FileCall]: (...args: CallArgs<Table[N]>) => Promise<Blob> };

/**
 * The API client's chunk and the call's entry of the table, fetched side by side (the entry is in the
 * first load unless it is a passkey's or the console's: sections.ts).
 */
const prepare = (name: string) =>
  Promise.all([
    loadHttp(),
    endpointNamed(name).catch((error: unknown) => {
      // Its chunk did not arrive (as loadHttp's above): a call that did not reach the server.
      console.warn(`The call ${name} could not be loaded`, error);
      throw new ApiError(0, undefined, undefined);
    }),
  ]);

/**
 * An object of functions by the table's names, each made the first time its name is read: the page
 * does not carry the table to list them (sections.ts). `then` and Object's own names are not calls, so
 * the object is never taken for a promise; a name set on it (a test's spy) is answered as set.
 */
function byName<T extends object>(make: (name: string) => unknown): T {
  const made = new Map<string, unknown>();
  return new Proxy({} as T, {
    get(target, name) {
      if (typeof name !== 'string' || name === 'then' || name in target) return Reflect.get(target, name);
      if (!made.has(name)) made.set(name, make(name));
      return made.get(name);
    },
  });
}

/**
 * One typed function per call of the contract's one table (`calls.checkPin({ body: { pin } })`): a page
 * never writes a path or a method. The answer is checked against the call's schema (a mismatch is a
 * ContractError); a failure is an ApiError (docs/decisions/059-one-endpoint-table.md).
 */
export const calls = byName<Calls>((name) => async (input?: CallerInput) => {
  const [http, endpoint] = await prepare(name);
  return http.send(endpoint, input);
});

/**
 * The calls that answer a file (`download.invoicePdf({ params: { orderNumber } })`), fetched as a Blob,
 * signed as any call; a failure is an ApiError. The page saves it with `saveFile`.
 */
export const download = byName<Downloads>((name) => async (input?: CallerInput) => {
  const [http, endpoint] = await prepare(name);
  return http.sendForFile(endpoint, input);
});

/** Posts JSON to the card processor's service (not our API; no token): its status and JSON body. */
export async function postToProcessor(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  return (await loadHttp()).postToProcessor(url, body);
}

/** Hands a fetched file to the browser to save under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
