import type { Section, StaffEndpoint } from '../endpoint';
import { addPasskeyRequestSchema, passkeyListSchema, passkeyOptionsSchema } from '../passkeys';

/**
 * A member's own passkeys ('Moji pristupni ključevi', remotes/support/src/passkeys/; docs/passkeys.md),
 * the console's second factor: the customers' schemas (contract/passkeys.ts) under `/staff/passkeys`,
 * a section of the one table (endpoints.ts).
 */
export const staffPasskeysSection = {
  /** The member's own passkeys, oldest first. */
  staffListPasskeys: { method: 'GET', path: '/staff/passkeys', answer: passkeyListSchema, access: 'agent' },
  staffPasskeyRegistrationOptions: {
    method: 'POST',
    path: '/staff/passkeys/options',
    answer: passkeyOptionsSchema,
    access: 'agent',
  },
  staffAddPasskey: {
    method: 'POST',
    path: '/staff/passkeys',
    body: addPasskeyRequestSchema,
    answer: passkeyListSchema,
    access: 'agent',
  },
  staffRemovePasskey: {
    method: 'DELETE',
    path: '/staff/passkeys/{id}',
    answer: passkeyListSchema,
    access: 'agent',
  },
} as const satisfies Section<StaffEndpoint>;
