import { usernameOf, type OutboxEntry } from '@portal/shared/contract';
import type { Store } from '../repositories';
import { unseal, type Keyring } from '../auth/secrets';
import { DomainError } from '../errors';
import { ERROR_TEXTS } from '../texts/errors';

/**
 * `GET /dev/outbox?to=` (product.md §10): the sandbox's messages "sent" to a phone number or e-mail,
 * newest first, opened; the route exists only in a sandbox.
 */
export async function sandboxOutbox(
  deps: { store: Store; keys: { sealing: Keyring } },
  to: string | undefined,
): Promise<OutboxEntry[]> {
  const lookup = to === undefined ? null : usernameOf(to);
  if (!lookup) throw new DomainError('invalid', ERROR_TEXTS.outboxRecipient, 'BAD_QUERY');
  const rows = await deps.store.outbox.latestTo(lookup.value);
  return rows.map((row) => ({
    to: row.to_address,
    channel: row.channel,
    text: unseal(deps.keys.sealing, row.text_sealed),
    code: row.code_sealed ? unseal(deps.keys.sealing, row.code_sealed) : null,
    time: new Date(row.created_at).toISOString(),
  }));
}
