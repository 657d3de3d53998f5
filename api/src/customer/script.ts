import type { Script } from '@portal/shared/contract';
import type { Store } from '../repositories';

/**
 * `PATCH /customer/script`: the script the customer chose in the footer, remembered on the account
 * (decision 054): a device they sign in on next starts in it, and their e-mails, SMS and invoice PDFs
 * are written in it.
 */
export async function setScript(deps: { store: Store }, customerId: number, script: Script): Promise<void> {
  await deps.store.customers.setScript(customerId, script);
}
