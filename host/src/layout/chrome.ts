import { headerStyleFor } from '@portal/shared';

/** The header is opaque from the start on every page the paths table marks so; over a hero it starts transparent. */
export const hasOpaqueHeader = (pathname: string): boolean => headerStyleFor(pathname) === 'opaque';

/** A page that is printed (the invoice) has no header or footer. */
export const isChromeless = (pathname: string): boolean => headerStyleFor(pathname) === 'none';

/** The scroll-to-top button appears past this many pixels (product.md §2, Layout). */
export const SCROLL_TOP_THRESHOLD = 400;
