import { paths } from '@portal/shared/contract';
import { formatDate, formatKM } from '@portal/shared/format';
import { CODE_TTL_MINUTES } from '../onboarding/rules';
import type { Purpose } from '../repositories/verifications';
import type { Notice } from '../delivery/notifier';
import { fromFening } from '../money/amounts';
import { groupVoucherCode, voucherOfMeans } from '@portal/shared/contract/vouchers';

/** Why a charge failed, in the customer's words (the failure page lists the usual causes too: product.md §2, Subscribing). */
const REASONS: Record<string, string> = {
  insufficient_funds: 'nedovoljno sredstava na računu',
  no_card: 'nemaš sačuvanu karticu',
  authentication_required: 'banka traži potvrdu plaćanja',
  payment_method_missing: 'kartica više nije dostupna',
};
const reasonOf = (code: string) => REASONS[code] ?? 'banka nije odobrila transakciju';

const sarajevo = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Sarajevo',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** A moment as customers in Bosnia and Herzegovina read it, whatever the server's time zone: `23.11.2026. u 17:40`. */
export function localDateTime(at: Date): string {
  const part = Object.fromEntries(sarajevo.formatToParts(at).map((p) => [p.type, p.value]));
  return `${Number(part.day)}.${Number(part.month)}.${part.year}. u ${part.hour}:${part.minute}`;
}

/** `1 mjesec`, `2 mjeseca`, `5 mjeseci`. */
const monthsOf = (n: number) => (n === 1 ? '1 mjesec' : n >= 2 && n <= 4 ? `${n} mjeseca` : `${n} mjeseci`);

const invoiceLink = (orderNumber: string) => ({ path: paths.invoice.href(orderNumber), label: 'Pogledaj račun' });

/**
 * Every message the portal sends (product.md §10, Messages), in Bosnian, short enough for an SMS; an
 * e-mail adds a button for `link`, the invoice as a PDF, and the support contact. A date written the
 * portal's way (`10.4.2026.`) ends its sentence with its own dot.
 */
/** A charge a receipt tells of. */
interface Payment {
  plan: string;
  amountFening: number;
  card: string;
  periodEnd: string;
  orderNumber: string;
  /** Paid with a month of a gift's voucher: the gift's sale was invoiced, so this month has no invoice. */
  byGift?: boolean;
}

/** What paid: a card (`s kartice **** 4242`) or a month of a voucher (its means is `Vaučer …ABCD`, docs/vouchers.md). */
const paid = (p: Payment) => {
  const voucher = voucherOfMeans(p.card);
  return `${formatKM(fromFening(p.amountFening))} ${voucher ? `vaučerom …${voucher}` : `s kartice ${p.card}`}`;
};

/**
 * A receipt: `lead` says what was paid; the invoice's number and where to find it follow. A month a gift's
 * voucher paid says `given` instead (what the month is, up to its date), and that the gift's sale was
 * invoiced: it has no invoice, and nothing was charged (docs/vouchers.md, A gift).
 */
const receipt = (p: Payment, lead: string, given = lead): Notice =>
  p.byGift
    ? {
        kind: 'RECEIPT',
        subject: `ON TV: paket ${p.plan} plaćen poklon vaučerom`,
        text: `${given} Plaćeno poklon vaučerom …${voucherOfMeans(p.card) ?? ''}. Račun za poklon izdat je pri njegovoj kupovini.`,
        link: { path: paths.payments.href(), label: 'Istorija uplata' },
      }
    : {
        kind: 'RECEIPT',
        subject: `ON TV: račun br. ${p.orderNumber}`,
        text: `${lead} Račun br. ${p.orderNumber} nalaziš u svom nalogu, u istoriji uplata.`,
        link: invoiceLink(p.orderNumber),
        invoice: p.orderNumber,
      };

export const NOTICES = {
  code: (purpose: Purpose, code: string): Notice =>
    purpose === 'REGISTRATION'
      ? {
          kind: 'CODE',
          subject: 'ON TV: aktivacioni kod',
          text: `ON TV: tvoj aktivacioni kod je ${code}. Važi ${CODE_TTL_MINUTES} minuta.`,
          code,
        }
      : {
          kind: 'CODE',
          subject: 'ON TV: kod za promjenu lozinke',
          text: `ON TV: kod za promjenu lozinke je ${code}. Važi ${CODE_TTL_MINUTES} minuta. Ako nisi tražio promjenu, zanemari ovu poruku.`,
          code,
        },

  renewed: (p: Payment): Notice =>
    receipt(
      p,
      `ON TV: pretplata na paket ${p.plan} je produžena do ${formatDate(p.periodEnd)} Naplaćeno je ${paid(p)}.`,
      `ON TV: pretplata na paket ${p.plan} je produžena do ${formatDate(p.periodEnd)}`,
    ),

  purchased: (p: Payment): Notice =>
    receipt(
      p,
      `ON TV: plaćanje je uspješno i paket ${p.plan} je aktivan do ${formatDate(p.periodEnd)} Naplaćeno je ${paid(p)}.`,
      `ON TV: paket ${p.plan} je aktivan do ${formatDate(p.periodEnd)}`,
    ),

  upgraded: (p: Payment): Notice =>
    receipt(
      p,
      `ON TV: paket je promijenjen, sada gledaš paket ${p.plan}. Za preostale dane perioda do ${formatDate(p.periodEnd)} naplaćena je razlika u cijeni ${paid(p)}.`,
    ),

  /**
   * A gift's code, to the person the buyer named (docs/vouchers.md, A gift): who gives it, what it is
   * worth, until when, and the giver's own message (plain text, cleaned by money/vouchers/gift.ts).
   */
  gift: (g: {
    plan: string;
    months: number;
    code: string;
    from: string;
    message: string;
    validUntil: string;
  }): Notice => ({
    kind: 'GIFT',
    subject: `ON TV: ${g.from} ti poklanja pretplatu`,
    text:
      `ON TV: ${g.from} ti poklanja ${monthsOf(g.months)} paketa ${g.plan}. Kod vaučera: ${groupVoucherCode(g.code)}. ` +
      `Iskoristi ga do ${formatDate(g.validUntil)} u svom nalogu, u dijelu Plaćanje.` +
      (g.message ? ` Poruka: „${g.message}“` : ''),
    code: groupVoucherCode(g.code),
    link: { path: paths.account.href(), label: 'Iskoristi vaučer' },
  }),

  /** The buyer's receipt of a gift, with its invoice. */
  giftBought: (g: {
    plan: string;
    months: number;
    amountFening: number;
    card: string;
    orderNumber: string;
    to: string;
  }): Notice =>
    receipt(
      { plan: g.plan, amountFening: g.amountFening, card: g.card, periodEnd: '', orderNumber: g.orderNumber },
      `ON TV: poklon vaučer za ${monthsOf(g.months)} paketa ${g.plan} je plaćen i kod je poslan na ${g.to}. Naplaćeno je ${formatKM(fromFening(g.amountFening))} s kartice ${g.card}.`,
    ),

  /** A rise of the package's price, told before it applies (docs/prices-and-promos.md): from which renewal, and how to leave. */
  priceRise: (p: { plan: string; priceFening: number; from: string }): Notice => ({
    kind: 'PRICE_RISE',
    subject: `ON TV: nova cijena paketa ${p.plan}`,
    text: `ON TV: od ${formatDate(p.from)} cijena tvog paketa ${p.plan} je ${formatKM(fromFening(p.priceFening))} mjesečno. Do tada plaćaš dosadašnju cijenu. Ako ne želiš nastaviti, pretplatu možeš deaktivirati u svom nalogu prije tog datuma.`,
    link: { path: paths.account.href(), label: 'Otvori nalog' },
  }),

  /** A copy of an invoice the operator's support sends again at the customer's request. */
  invoiceCopy: (p: { plan: string; amountFening: number; orderNumber: string }): Notice => ({
    kind: 'RECEIPT',
    subject: `ON TV: kopija računa br. ${p.orderNumber}`,
    text: `ON TV: na tvoj zahtjev šaljemo kopiju računa br. ${p.orderNumber} za paket ${p.plan} (${formatKM(fromFening(p.amountFening))}). Račun nalaziš i u svom nalogu, u istoriji uplata.`,
    link: invoiceLink(p.orderNumber),
    invoice: p.orderNumber,
  }),

  /** Money given back by the operator's staff, with the credit note's number. */
  refunded: (p: { amountFening: number; orderNumber: string; creditNote: string }): Notice => ({
    kind: 'REFUND',
    subject: `ON TV: povrat novca po računu br. ${p.orderNumber}`,
    text: `ON TV: vraćeno ti je ${formatKM(fromFening(p.amountFening))} po računu br. ${p.orderNumber} (knjižna obavijest br. ${p.creditNote}). Novac stiže na karticu kojom je plaćeno, obično za 5 do 10 radnih dana.`,
    link: invoiceLink(p.orderNumber),
  }),

  renewalFailed: (p: {
    plan: string;
    amountFening: number;
    code: string;
    retryOn: string | null;
    graceUntil: string;
  }): Notice => ({
    kind: 'RENEWAL_FAILED',
    subject: 'ON TV: naplata pretplate nije uspjela',
    text:
      `ON TV: naplata pretplate na paket ${p.plan} (${formatKM(fromFening(p.amountFening))}) nije uspjela: ${reasonOf(p.code)}. ` +
      (p.retryOn ? `Pokušat ćemo ponovo ${formatDate(p.retryOn)} ` : '') +
      `Ako plaćanje ne uspije do ${formatDate(p.graceUntil)}, usluga će biti isključena. Karticu možeš dodati ili promijeniti u svom nalogu, u dijelu Moje kartice.`,
    link: { path: paths.cards.href(), label: 'Promijeni karticu' },
  }),

  expired: (p: { plan: string }): Notice => ({
    kind: 'EXPIRED',
    subject: 'ON TV: pretplata je istekla',
    text: `ON TV: pretplata na paket ${p.plan} je istekla jer naplata nije uspjela u roku. Uslugu možeš ponovo kupiti izborom paketa na portalu.`,
    link: { path: paths.packages.href(), label: 'Izaberi paket' },
  }),

  ended: (p: { plan: string; on: string }): Notice => ({
    kind: 'ENDED',
    subject: 'ON TV: pretplata je istekla',
    text: `ON TV: deaktivirana pretplata na paket ${p.plan} je istekla ${formatDate(p.on)} Uslugu možeš ponovo kupiti izborom paketa na portalu.`,
    link: { path: paths.packages.href(), label: 'Izaberi paket' },
  }),

  deactivated: (p: { plan: string; until: string }): Notice => ({
    kind: 'DEACTIVATED',
    subject: 'ON TV: pretplata je deaktivirana',
    text: `ON TV: pretplata na paket ${p.plan} je deaktivirana i više se neće naplaćivati. Uslugu gledaš do ${formatDate(p.until)} Do tada je možeš reaktivirati bez plaćanja u svom nalogu.`,
    link: { path: paths.account.href(), label: 'Moj nalog' },
  }),

  reactivated: (p: { plan: string; next: string }): Notice => ({
    kind: 'REACTIVATED',
    subject: 'ON TV: pretplata je ponovo aktivna',
    text: `ON TV: pretplata na paket ${p.plan} je ponovo aktivna. Sljedeća naplata je ${formatDate(p.next)}`,
    link: { path: paths.account.href(), label: 'Moj nalog' },
  }),

  paused: (p: { plan: string; from: string; until: string }): Notice => ({
    kind: 'PAUSED',
    subject: 'ON TV: pretplata je pauzirana',
    text: `ON TV: pretplata na paket ${p.plan} je pauzirana od ${formatDate(p.from)} do ${formatDate(p.until)} Za to vrijeme usluga ne radi i ništa se ne naplaćuje. Sljedeća naplata je ${formatDate(p.until)}`,
    link: { path: paths.account.href(), label: 'Moj nalog' },
  }),

  pauseEnding: (p: { plan: string; until: string }): Notice => ({
    kind: 'PAUSE_ENDING',
    subject: 'ON TV: pauza pretplate uskoro završava',
    text: `ON TV: pauza pretplate na paket ${p.plan} završava ${formatDate(p.until)} Tada se usluga nastavlja i naplaćuje se sljedeći mjesec. Pretplatu možeš nastaviti i ranije u svom nalogu.`,
    link: { path: paths.account.href(), label: 'Moj nalog' },
  }),

  newDevice: (p: { device: string; at: Date }): Notice => ({
    kind: 'NEW_DEVICE',
    subject: 'ON TV: nova prijava na tvoj nalog',
    text: `ON TV: nova prijava na tvoj nalog s uređaja ${p.device}, ${localDateTime(p.at)}. Ako to nisi bio ti, promijeni lozinku i odjavi taj uređaj u svom nalogu, u dijelu Uređaji.`,
    link: { path: paths.devices.href(), label: 'Pogledaj uređaje' },
  }),

  passwordChanged: (p: { at: Date }): Notice => ({
    kind: 'PASSWORD_CHANGED',
    subject: 'ON TV: lozinka je promijenjena',
    text: `ON TV: lozinka tvog naloga je promijenjena ${localDateTime(p.at)}. Ostali uređaji su odjavljeni. Ako to nisi bio ti, odmah zatraži novu lozinku na portalu ili se obrati podršci.`,
    link: { path: paths.forgotPassword.href(), label: 'Zatraži novu lozinku' },
  }),
};
