import DOMPurify from 'dompurify';

/**
 * Makes a legal text safe to insert into the page: scripts, event handlers, styles, forms and frames
 * go, links keep only safe targets. The page supplies its own h1, so the document's is dropped.
 */
export function sanitizeLegalHtml(html: string, view: Window = window): string {
  // The page's own window in the browser; a prerender brings one of its own (jsdom).
  const purify =
    typeof window !== 'undefined' && view === window ? DOMPurify : DOMPurify(view as Window & typeof globalThis);
  const fragment = purify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'img',
      'svg',
      'math',
    ],
    FORBID_ATTR: ['style', 'class', 'id'],
  });
  fragment.querySelectorAll('h1').forEach((heading) => heading.remove());
  fragment.querySelectorAll('a[href]').forEach((link) => {
    if (!/^(\/(?!\/)|https:|mailto:|tel:|#)/i.test(link.getAttribute('href') ?? '')) link.removeAttribute('href');
    if (/^https:/i.test(link.getAttribute('href') ?? '')) link.setAttribute('rel', 'noopener noreferrer');
  });
  const holder = view.document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
