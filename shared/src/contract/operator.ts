import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';

/**
 * The operator's legal data and support contact: on the printable invoice, its PDF, and every e-mail.
 * The portal reads it from `portal.config.json` (`operator`), the API from the same file of the built
 * host, and both fall back to these defaults.
 */
export const operatorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string(),
    address: z.string(),
    idNumber: z.string(),
    vatNumber: z.string(),
    bankAccount: z.string(),
    supportPhone: z.string(),
    supportEmail: z.string(),
  }),
);
export type OperatorSettings = z.infer<typeof operatorSchema>;

export const DEFAULT_OPERATOR: OperatorSettings = {
  name: 'ON TV d.o.o. Sarajevo',
  address: 'Zmaja od Bosne 7, 71000 Sarajevo, Bosna i Hercegovina',
  idNumber: '4200000000007',
  vatNumber: '200000000007',
  bankAccount: '1610000000000000',
  supportPhone: '033 000 000',
  supportEmail: 'podrska@ontv.ba',
};
