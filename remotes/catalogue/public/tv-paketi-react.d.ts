/**
 * `<tv-paketi>` in React 19's JSX (add beside tv-paketi.d.ts): `<tv-paketi portal-url="…" paket="maxon" />`.
 * `ref` is React's own prop, so set the widget's `ref` attribute from a callback ref:
 * `<tv-paketi ref={(el) => el?.setAttribute('ref', 'naslovna')} />`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { TvPaketiAttributes, TvPaketiElement } from './tv-paketi';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'tv-paketi': DetailedHTMLProps<HTMLAttributes<TvPaketiElement>, TvPaketiElement> & TvPaketiAttributes;
    }
  }
}
