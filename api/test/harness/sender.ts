import { MessageSender } from '../../src/delivery/sender';
import { operatorOf } from '../../src/portalConfig';
import type { StartedApi } from './server';

type SenderDeps = ConstructorParameters<typeof MessageSender>[0];

/**
 * A sender like the API's, on its outbox, keyring, clock and operator, for a test that reads the
 * sender's log lines or delivers instead of the API's own: `own` gives its transports and its log, and
 * whatever else the test sets (tries, prefixes). Three tries, 30 s apart at first; no invoices.
 */
export function testSender(
  api: StartedApi,
  own: Pick<SenderDeps, 'email' | 'sms' | 'log'> & Partial<SenderDeps>,
): MessageSender {
  return new MessageSender({
    sandbox: false,
    outbox: api.ctx.store.outbox,
    sealing: api.ctx.keys.sealing,
    now: api.clock.now,
    publicUrl: 'https://portal.ontv.ba',
    operator: operatorOf(api.ctx.config),
    retrySeconds: 30,
    maxAttempts: 3,
    invoice: async () => null,
    ...own,
  });
}
