import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';

/**
 * A device signed in to the customer's account (product.md §10): its type and name as its login gave
 * them, when it signed in and when it last renewed its token, and whether it is the one asking.
 */
const signedInDeviceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    signedInAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  }),
);
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;
/** The signed-in devices: the one asking first, then the most recently used. */
export const deviceListSchema = /* @__PURE__ */ lazySchema(() => z.array(signedInDeviceSchema));

/** The devices' calls (remotes/account/src/devices/), a section of the one table (endpoints.ts). */
export const devicesSection = {
  /** The devices signed in to the account: this one first, then the most recently used. */
  listDevices: { method: 'GET', path: '/customer/devices', answer: deviceListSchema, access: 'customer' },
  /** Signs one other device out at once; answers the devices left. */
  signOutDevice: {
    method: 'DELETE',
    path: '/customer/devices/{id}',
    answer: deviceListSchema,
    access: 'customer',
  },
  /** Signs every device but this one out at once; answers the devices left. */
  signOutOtherDevices: {
    method: 'POST',
    path: '/customer/devices/sign-out-others',
    answer: deviceListSchema,
    access: 'customer',
  },
} as const satisfies Section;
