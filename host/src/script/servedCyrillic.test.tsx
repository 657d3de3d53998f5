import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Suspense, lazy, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, screen, waitFor } from '@testing-library/react';
import { scriptStore } from '@portal/shared';
import { toCyrillic } from '@portal/shared/texts/script';
import { usePageScript } from './usePageScript';
import { adoptServedPage } from './cyrillicPage';
import { loadCyrillicPage } from './loadCyrillicPage';

function Shell({ children }: { children: ReactNode }) {
  usePageScript();
  return <div>{children}</div>;
}

const Page = ({ price }: { price: string }) => (
  <section>
    <h2>Paketi i cijene</h2>
    <p>
      Gledaj na {4} uređaja za {price}
    </p>
    <p translate="no">MaxON</p>
    <div dangerouslySetInnerHTML={{ __html: '<p>Uslovi <b>korištenja</b></p>' }} />
  </section>
);
const LazyPage = lazy(async () => ({ default: Page }));
const App = ({ page }: { page: ReactNode }) => (
  <Shell>
    <h1>Ljubazna dobrodošlica</h1>
    <Suspense fallback={<span>Učitavanje</span>}>{page}</Suspense>
  </Shell>
);

/** What the server sends for a device that chose Cyrillic (api/src/http/cyrillicDocument.ts), in short. */
function servedInCyrillic(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest('[translate="no"]')) node.nodeValue = toCyrillic(node.nodeValue!);
  document.documentElement.lang = 'bs-Cyrl';
  document.body.append(container);
  return container;
}

/**
 * React's development build also compares an element's one text before it claims the element, to warn only
 * ("This won't be patched up"); its production build, which the pages run, does not. Every other
 * console.error still fails the test (jest.setup.ts).
 */
beforeEach(() => {
  const error = jest.mocked(console.error);
  const failing = error.getMockImplementation();
  error.mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("attributes of the server rendered HTML didn't match")) failing?.(...args);
  });
});

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.lang = 'bs-Latn';
});

describe('a page the server sent in Cyrillic', () => {
  it('hydrates as it is, its lazy part too, never showing Latin, and goes back to Latin and again', async () => {
    const container = servedInCyrillic(renderToString(<App page={<Page price="24,90 KM" />} />));
    const shown = () => container.textContent;
    const first = shown();
    expect(first).toContain('Љубазна добродошлица');
    expect(first).toContain('Гледај на 4 уређаја за 24,90 КМ');
    scriptStore.getState().choose('cyrillic');

    adoptServedPage(container);
    // A text React did not render as the server sent it would fail the hydration (jest.setup.ts fails the
    // test on React's console.error): here none, and the page shows what it was sent throughout.
    const seen = new Set<string>();
    const watch = new MutationObserver(() => seen.add(shown()!));
    watch.observe(container, { subtree: true, characterData: true, childList: true });
    const root = await act(async () => hydrateRoot(container, <App page={<LazyPage price="24,90 KM" />} />));
    // The page was sent with lang="bs-Cyrl": what tells that the Cyrillic code has taken over is its code
    // loaded, and the page's hydrated nodes settled (they answer as they are again), however slow the machine.
    await act(async () => {
      await loadCyrillicPage();
    });
    await waitFor(() =>
      expect(Object.keys(container.querySelector('h2')!).some((key) => key.startsWith('__react'))).toBe(true),
    );
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'bs-Cyrl'));
    watch.disconnect();
    expect(shown()).toBe(first);
    expect([...seen].filter((text) => /Ljubazna|Paketi|Gledaj|Uslovi/.test(text))).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Пакети и цијене' })).toBeInTheDocument();
    // Nodes answer as they are again once hydrated.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Љубазна добродошлица' }).textContent).toBe('Љубазна добродошлица'),
    );

    await act(async () => scriptStore.getState().choose('latin'));
    expect(document.documentElement).toHaveAttribute('lang', 'bs-Latn');
    expect(shown()).toBe(container.textContent);
    expect(shown()).toContain('Ljubazna dobrodošlica');
    expect(shown()).toContain('Paketi i cijene');
    expect(shown()).toContain('Gledaj na 4 uređaja za 24,90 KM');
    expect(shown()).toContain('Uslovi korištenja');
    expect(shown()).toContain('MaxON');

    await act(async () => scriptStore.getState().choose('cyrillic'));
    await waitFor(() => expect(shown()).toContain('Гледај на 4 уређаја за 24,90 КМ'));
    expect(shown()).toContain('Услови кориштења');
    await act(async () => root.unmount());
  });

  it('still fails to hydrate a text that differs other than by its script', async () => {
    const container = servedInCyrillic(renderToString(<App page={<Page price="24,90 KM" />} />));
    scriptStore.getState().choose('cyrillic');
    adoptServedPage(container);
    const errors: unknown[] = [];
    const root = await act(async () => {
      const hydrated = hydrateRoot(container, <App page={<Page price="19,90 KM" />} />, {
        onRecoverableError: (error) => errors.push(error),
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      return hydrated;
    });
    expect(errors).toHaveLength(1);
    // React drew the page anew, in Latin, which the page then shows in Cyrillic.
    await waitFor(() => expect(container.textContent).toContain('за 19,90 КМ'));
    await act(async () => root.unmount());
  });
});
