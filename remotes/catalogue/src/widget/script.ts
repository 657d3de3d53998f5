import { toCyrillic } from '@portal/shared/texts/script';

/** `pismo="cirilica"`: the widget's texts in Cyrillic; any other value, or none, Latin (as they are written). */
export const isCyrillic = (pismo: string | null): boolean => pismo?.trim().toLowerCase() === 'cirilica';

/** A text in the script asked for: the portal's own deterministic transliteration (decision 050). */
export const textInScript = (text: string, cyrillic: boolean): string => (cyrillic ? toCyrillic(text) : text);

/**
 * Every text of a rendered tree in the script asked for, as the portal's pages show it: what is marked
 * `translate="no"` (a package's name) stays as it is, and a tree in Cyrillic says so with its `lang`.
 */
export function treeInScript(root: HTMLElement, cyrillic: boolean): HTMLElement {
  if (!cyrillic) return root;
  root.lang = 'bs-Cyrl';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[translate="no"]')) node.nodeValue = toCyrillic(node.nodeValue ?? '');
  }
  return root;
}
