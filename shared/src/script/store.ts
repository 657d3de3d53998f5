import { createStore, useStore } from 'zustand';
import { local, storageKey, storageKeys } from '../storage';
import type { Script } from '../contract/script';

/** The two scripts of our texts (docs/decisions/050-latin-and-cyrillic-pages.md): written in Latin, shown in either. */
export type { Script };

/** The document's language in each script (`<html lang>`). */
export const SCRIPT_LANG: Record<Script, string> = { latin: 'bs-Latn', cyrillic: 'bs-Cyrl' };

interface ScriptState {
  /** The script the pages are shown in (docs/decisions/050-latin-and-cyrillic-pages.md). */
  script: Script;
  /**
   * Takes the choice this device remembers (the script its cookie had the page sent in, else local storage);
   * the host calls it once the product's storage prefix is set.
   */
  restore: () => void;
  /** The visitor's choice, remembered on this device: local storage and a cookie. */
  choose: (script: Script) => void;
}

const remembered = (value: string | null): Script => (value === 'cyrillic' ? 'cyrillic' : 'latin');

/**
 * The choice, on this device: in local storage and as a cookie of the same name (`ontv.script`), for a year,
 * which the server reads to send a prerendered page in it
 * (docs/decisions/056-prerendered-pages-in-the-chosen-script.md).
 */
function remember(script: Script): void {
  local.set(storageKeys.script, script);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  try {
    document.cookie = `${storageKey(storageKeys.script)}=${script}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch {
    // No cookies here (a sandboxed frame): its pages arrive in Latin and change once their scripts run.
  }
}

/** The script store: vanilla first, so it is one singleton across the host and the remotes. */
export const scriptStore = createStore<ScriptState>()((set) => ({
  script: 'latin',
  restore: () => {
    // A page that arrived in Cyrillic did so by this device's cookie; else what local storage remembers.
    const arrived = document.documentElement.lang === SCRIPT_LANG.cyrillic;
    const choice = arrived ? 'cyrillic' : local.get(storageKeys.script);
    const script = remembered(choice);
    // Storage and cookie kept in step (a choice made before the cookie existed gets one now).
    if (choice !== null) remember(script);
    set({ script });
  },
  choose: (script) => {
    remember(script);
    set({ script });
  },
}));

/**
 * The script the visitor chose. A page being hydrated reads the store's first state, Latin, as the server
 * drew it, and the chosen one right after.
 */
export function useScript(): Script {
  return useStore(scriptStore, (state) => state.script);
}
