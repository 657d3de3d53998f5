import { formatDate, formatKM } from '@portal/shared/format';
import type { Queryable } from '../db/db';
import type { Message, Notifier } from '../onboarding/notifier';

/** Why a charge failed, in the customer's words (product.md §8 lists the same causes on the error page). */
const REASONS: Record<string, string> = {
  insufficient_funds: 'nedovoljno sredstava na računu',
  no_card: 'nemaš sačuvanu karticu',
  authentication_required: 'banka traži potvrdu plaćanja',
  payment_method_missing: 'kartica više nije dostupna',
};
const reasonOf = (code: string) => REASONS[code] ?? 'banka nije odobrila transakciju';

/**
 * The receipts and notices of billing (product.md §10), in Bosnian, short enough for an SMS. A date written
 * the portal's way (`10.4.2026.`) ends its sentence with its own dot.
 */
export const BILLING_TEXTS = {
  paid: (p: { plan: string; amountFening: number; card: string; periodEnd: string; orderNumber: string }) =>
    `ON TV: pretplata na paket ${p.plan} je produžena do ${formatDate(p.periodEnd)} Naplaćeno je ${formatKM(p.amountFening / 100)} s kartice ${p.card}. Račun br. ${p.orderNumber} nalaziš u svom nalogu, u istoriji uplata.`,
  failed: (p: { plan: string; amountFening: number; code: string; retryOn: string | null; graceUntil: string }) =>
    `ON TV: naplata pretplate na paket ${p.plan} (${formatKM(p.amountFening / 100)}) nije uspjela: ${reasonOf(p.code)}. ` +
    (p.retryOn ? `Pokušat ćemo ponovo ${formatDate(p.retryOn)} ` : '') +
    `Ako plaćanje ne uspije do ${formatDate(p.graceUntil)}, usluga će biti isključena. Karticu možeš dodati ili promijeniti u svom nalogu, u dijelu Moje kartice.`,
  expired: (p: { plan: string }) =>
    `ON TV: pretplata na paket ${p.plan} je istekla jer naplata nije uspjela u roku. Uslugu možeš ponovo kupiti izborom paketa na portalu.`,
  ended: (p: { plan: string; on: string }) =>
    `ON TV: deaktivirana pretplata na paket ${p.plan} je istekla ${formatDate(p.on)} Uslugu možeš ponovo kupiti izborom paketa na portalu.`,
};

/** Sends a billing text to the customer: by e-mail when there is an address, otherwise by SMS. */
export async function notifyCustomer(db: Queryable, notifier: Notifier, customerId: number, text: string): Promise<void> {
  const [customer] = await db.query<{ email: string | null; phone_number: string | null }>('SELECT email, phone_number FROM customers WHERE id = $1', [customerId]);
  const message: Message | null = customer?.email
    ? { to: customer.email, channel: 'EMAIL', text }
    : customer?.phone_number
      ? { to: customer.phone_number, channel: 'SMS', text }
      : null;
  if (message) await notifier.send(message);
}
