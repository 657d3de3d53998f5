import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Spinner } from './Spinner';

/** A page of a module fetched on its first visit (`lazyPage(() => import('./CardsPage'), 'CardsPage')`). */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] & ComponentType<any>> {
  return lazy(() => load().then((module) => ({ default: module[name] as M[K] & ComponentType<any> })));
}

/** A lazy page's place while its code arrives: the spinner, at the page's height. */
export function withFallback(element: ReactNode) {
  return (
    <Suspense
      fallback={
        <div style={{ paddingTop: 'calc(var(--top-offset, 0px) + 3rem)', minHeight: '60vh' }}>
          <Spinner />
        </div>
      }
    >
      {element}
    </Suspense>
  );
}
