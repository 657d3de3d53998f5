import { createStore, useStore } from 'zustand';
import { local, storageKeys } from '../storage';
import type { Script } from '../contract/script';

/** The two scripts of our texts (docs/decisions/050-latin-and-cyrillic-pages.md): written in Latin, shown in either. */
export type { Script };

/** The document's language in each script (`<html lang>`). */
export const SCRIPT_LANG: Record<Script, string> = { latin: 'bs-Latn', cyrillic: 'bs-Cyrl' };

interface ScriptState {
  /** The script the pages are shown in (docs/decisions/050-latin-and-cyrillic-pages.md). */
  script: Script;
  /** Takes the choice this device remembers; the host calls it once the product's storage prefix is set. */
  restore: () => void;
  /** The visitor's choice, remembered on this device. */
  choose: (script: Script) => void;
}

const remembered = (value: string | null): Script => (value === 'cyrillic' ? 'cyrillic' : 'latin');

/** The script store: vanilla first, so it is one singleton across the host and the remotes. */
export const scriptStore = createStore<ScriptState>()((set) => ({
  script: 'latin',
  restore: () => set({ script: remembered(local.get(storageKeys.script)) }),
  choose: (script) => {
    local.set(storageKeys.script, script);
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
