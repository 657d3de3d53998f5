import * as z from 'zod/mini';

/**
 * The zod functions a form's schema is made with, from the page's one zod (inside the @portal/shared
 * singleton). A remote importing `zod/mini` itself would bundle a second copy of it (about 9 KB gzip);
 * types it may import from `zod/mini` (`import type`), which costs nothing.
 */
export const formRules = {
  object: z.object,
  string: z.string,
  pipe: z.pipe,
  pick: z.pick,
  extend: z.extend,
  refine: z.refine,
  transform: z.transform,
  trim: z.trim,
  minLength: z.minLength,
};
