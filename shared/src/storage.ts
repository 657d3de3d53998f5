/**
 * Browser storage under one product prefix (product.md §1: the keys start with the product code, so
 * two products on one site do not mix). The token and the device identity live in local storage;
 * wizard state in session storage.
 */
let prefix = 'ontv.';

export function setStoragePrefix(product: string): void {
  prefix = `${product}.`;
}

export const storageKeys = {
  deviceId: 'device_id',
  devicePassword: 'device_password',
  token: 'token',
  /** The script the pages are shown in, Latin or Cyrillic. */
  script: 'script',
} as const;

export function storageKey(name: string): string {
  return prefix + name;
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can throw (privacy mode, quota, disabled cookies): behave as if it were empty.
    return fallback;
  }
}

export const local = {
  get: (name: string): string | null => safely(() => window.localStorage.getItem(storageKey(name)), null),
  set: (name: string, value: string): void =>
    safely(() => window.localStorage.setItem(storageKey(name), value), undefined),
  remove: (name: string): void => safely(() => window.localStorage.removeItem(storageKey(name)), undefined),
};

export const session = {
  get: (name: string): string | null => safely(() => window.sessionStorage.getItem(storageKey(name)), null),
  set: (name: string, value: string): void =>
    safely(() => window.sessionStorage.setItem(storageKey(name), value), undefined),
  remove: (name: string): void => safely(() => window.sessionStorage.removeItem(storageKey(name)), undefined),
};
