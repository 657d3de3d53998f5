import { local, storageKey, storageKeys } from '../storage';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

/** The stored sign-in token: the single source of truth the auth store mirrors. */
export function getToken(): string | null {
  return local.get(storageKeys.token);
}

export function setToken(token: string): void {
  local.set(storageKeys.token, token);
  listeners.forEach((listener) => listener(token));
}

export function clearToken(): void {
  local.remove(storageKeys.token);
  listeners.forEach((listener) => listener(null));
}

export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Another tab logging in or out changes this tab too. */
export function watchOtherTabs(): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === storageKey(storageKeys.token)) listeners.forEach((listener) => listener(event.newValue));
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
