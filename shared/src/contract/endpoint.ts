/**
 * What an endpoint of the contract is (the one table, endpoints.ts, lists them all, each feature's in a
 * section of its own), and how a call's parts are typed and put together.
 */
import type * as z from 'zod/mini';

type Schema = z.ZodMiniType;
/** A schema, or one made for the configured product. */
export type ProductSchema = Schema | ((product: string) => Schema);

/**
 * Who may call an endpoint: `public` anybody; `customer` a signed-in customer (`Authorization: Bearer`
 * with the portal's token). The support console's calls (`/staff/…`, docs/decisions/032-support-console.md)
 * take the staff's own tokens, never a customer's: `challenge` the one whose password was right and
 * whose second factor is still to come, `agent` any signed-in member of staff, `admin` admins alone.
 */
type Access = 'public' | 'customer' | StaffAccess;
type StaffAccess = 'challenge' | 'agent' | 'admin';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** The JSON body; absent when the call sends none. */
  readonly body?: ProductSchema;
  /** The query string's parameters; absent when the call takes none. */
  readonly query?: Schema;
  /** The JSON answer; absent when the answer has no content the caller reads (`{}` or 204). */
  readonly answer?: ProductSchema;
  /** Who may call it (`Access`); a call that needs a token and has none is answered 401. */
  readonly access: Access;
  /** Only in the sandbox (`SANDBOX=1`): a developer's and the browser tests' view of what was sent. */
  readonly sandboxOnly?: true;
}

/** A call of the support console (contract/support/): signed in with the staff's own tokens, never a customer's. */
export interface StaffEndpoint extends Endpoint {
  readonly access: 'public' | StaffAccess;
}

/**
 * A section of the one table: one feature's calls, in the feature's own contract file beside its schemas
 * (pin.ts: `checkPin`, `changePin`), spread into `endpoints` (endpoints.ts). A section is written as an
 * object literal (`{ … } as const satisfies Section`), not made by a function: a bundle that takes only a
 * schema of the file (the widget's) leaves a literal out, where it would keep a function's result it
 * cannot prove pure. test/contract/one-table.test.ts holds that nothing else makes a table of calls.
 */
export type Section<E extends Endpoint = Endpoint> = Readonly<Record<string, E>>;

type Resolved<S> = S extends (product: string) => infer R ? R : S;
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends 'product' ? never : Name) | ParamNames<Rest>
  : never;

/** The path parameters of an endpoint, by name. */
export type ParamsOf<E extends Endpoint> = { [K in ParamNames<E['path']>]: string };
/** The body as the caller writes it (before trimming). */
export type BodyIn<E extends Endpoint> = E['body'] extends ProductSchema ? z.input<Resolved<E['body']>> : undefined;
/** The body as the API reads it (after checks and trimming). */
export type BodyOf<E extends Endpoint> = E['body'] extends ProductSchema ? z.output<Resolved<E['body']>> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends Schema ? z.output<E['query']> : undefined;
/** The answer as the API writes it; `void` for a call with nothing to read. */
export type AnswerIn<E extends Endpoint> = E['answer'] extends ProductSchema ? z.input<Resolved<E['answer']>> : void;
/** The answer as the caller reads it; `void` for a call with nothing to read. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends ProductSchema ? z.output<Resolved<E['answer']>> : void;

/** The schema for the configured product. */
export function schemaFor(schema: ProductSchema, product: string): Schema {
  return typeof schema === 'function' ? schema(product) : schema;
}

/** The path with the product and the (encoded) parameters put in. */
export function pathOf(path: string, product: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'product') return product;
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: parameter ${name} missing`);
    return encodeURIComponent(value);
  });
}
