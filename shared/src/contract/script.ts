import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';

/** The script the portal, the e-mails, SMS and invoices are written in (decisions 050 and 054). */
export const scriptSchema = /* @__PURE__ */ lazySchema(() => z.enum(['latin', 'cyrillic']));
export type Script = z.infer<typeof scriptSchema>;

/** `PATCH /customer/script`: the script the customer chose in the footer, remembered on the account. */
export const setScriptRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ script: scriptSchema }));
