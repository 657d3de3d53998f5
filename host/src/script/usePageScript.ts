import { useLayoutEffect } from 'react';
import { SCRIPT_LANG, scriptStore, useScript } from '@portal/shared';
import { loadCyrillicPage } from './loadCyrillicPage';

/**
 * Shows the page in the script the visitor chose (docs/decisions/050-latin-and-cyrillic-pages.md): the
 * document's language and, in Cyrillic, every text of the host, the remotes and the API's answers. A
 * layout effect, and the Cyrillic code loaded by then: a page the browser draws is not painted in Latin first.
 */
export function usePageScript(): void {
  const script = useScript();
  useLayoutEffect(() => {
    if (script === 'latin') {
      // Not while hydrating a page sent in Cyrillic (the first render reads Latin, the store has Cyrillic).
      if (scriptStore.getState().script === 'latin') document.documentElement.lang = SCRIPT_LANG.latin;
      return;
    }
    let gone = false;
    let backToLatin: (() => void) | undefined;
    void loadCyrillicPage().then((page) => {
      if (!gone) backToLatin = page.showCyrillic();
    });
    return () => {
      gone = true;
      backToLatin?.();
    };
  }, [script]);
}
