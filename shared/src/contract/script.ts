import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';

/** The script the portal, the e-mails, SMS and invoices are written in (decisions 050 and 054). */
export const scriptSchema = /* @__PURE__ */ lazySchema(() => z.enum(['latin', 'cyrillic']));
export type Script = z.infer<typeof scriptSchema>;

/** `PATCH /customer/script`: the script the customer chose in the footer, remembered on the account. */
const setScriptRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ script: scriptSchema }));

/** The script's call (shared/src/script/), a section of the one table (endpoints.ts). */
export const scriptSection = {
  /** The script chosen in the footer, remembered on the account for a new device, the e-mails, SMS and invoices. */
  setScript: { method: 'PATCH', path: '/customer/script', body: setScriptRequestSchema, access: 'customer' },
} as const satisfies Section;
