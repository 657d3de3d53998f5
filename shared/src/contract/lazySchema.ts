/**
 * A schema built the first time something reads it, not when the contract is loaded.
 *
 * The contract holds about a hundred schemas and a page uses a few: building them all made loading
 * `@portal/shared` the longest task of a page's start (Total Blocking Time on a phone,
 * docs/decisions/021-react-19-and-axios.md). What `build` answers is built once, on the first read of
 * any of its properties (parsing, `.shape`, a schema that holds this one being built), and from then on
 * the stand-in answers exactly as it does: the same properties, prototype (so `instanceof` holds) and
 * keys. The stand-in is the one object everyone holds, so identity (a registry, a `Map`) stays stable.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    // A property of the built schema is reported as configurable: the stand-in's own target has none.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
