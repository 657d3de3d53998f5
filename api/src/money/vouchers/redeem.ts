import { mayRedeemVoucher } from '@portal/shared/contract';
import type { Mbon } from '@portal/shared/contract/vouchers';
import { VOUCHER_TEXTS } from '@portal/shared/contract/vouchers';
import type { Limit, Limits } from '../../limits';
import type { Repositories } from '../../repositories';
import type { MbonRow, VoucherRow } from '../../repositories/vouchers';
import type { VoucherDeps } from './batches';
import { DomainError, tooManyTries } from '../../errors';
import { isoDay } from '../../days';
import { MAX_GUESSES_PER_HOUR } from '../../onboarding/codes';
import { parseVoucherCode, voucherDigests } from './codes';
import { clientKey } from '../../clientKey';

/** What redeeming needs besides the batches' deps: the limits. */
export interface RedeemDeps extends VoucherDeps {
  limits: Limits;
}

const HOUR_SECONDS = 3600;

/**
 * Well-formed codes that are no voucher, per client address an hour (docs/limits.md, "Voucher codes"):
 * ten accounts' tries, each at its own cap, so a household, or the customers behind a carrier's shared
 * address, never meet it, while a guesser spreading over accounts does.
 */
const VOUCHER_TRIES_PER_ADDRESS = 10 * MAX_GUESSES_PER_HOUR;

const mbonOf = (row: MbonRow): Mbon => ({
  lastFour: row.last_four,
  planCode: row.plan_code,
  planName: row.plan_name,
  months: row.months,
  redeemedAt: new Date(row.redeemed_at).toISOString(),
  monthsLeft: row.months_left,
});

/**
 * Tries of a code (docs/limits.md, "Voucher codes"): every try counts MAX_GUESSES_PER_HOUR per account;
 * a well-formed one counts against the client address too. A malformed code (a typo the check character
 * caught) tests nothing, so it never counts against the address the customer shares with others.
 */
const tryLimits = (customerId: number, clientAddress: string, wellFormed: boolean): Limit[] => [
  { key: `voucher-try:${customerId}`, max: MAX_GUESSES_PER_HOUR, windowSeconds: HOUR_SECONDS },
  ...(wellFormed
    ? [
        {
          key: `voucher-client:${clientKey(clientAddress)}`,
          max: VOUCHER_TRIES_PER_ADDRESS,
          windowSeconds: HOUR_SECONDS,
        },
      ]
    : []),
];

const refused = (message: string, code: string) => new DomainError('invalid', message, code);

/** Why a code found cannot be redeemed today, or null. A cancelled batch says so (the seller owes the buyer). */
function refusalOf(voucher: VoucherRow, today: string): DomainError | null {
  if (voucher.redeemed_at) return refused(VOUCHER_TEXTS.used, 'VOUCHER_USED');
  if (voucher.cancelled_at) return refused(VOUCHER_TEXTS.cancelled, 'VOUCHER_CANCELLED');
  if (voucher.valid_until < today) return refused(VOUCHER_TEXTS.expired, 'VOUCHER_EXPIRED');
  return null;
}

/**
 * Redeems the voucher `code` stands for, in `tx` under the customer's row lock; `found` is told once the
 * code is a voucher's (whatever the answer). A voucher of another package than the subscription running
 * now is refused with the reason (no conversion: its months would pay a package the customer does not
 * have). The code is redeemed by one conditional UPDATE: of 100 requests at once, one.
 */
async function redeemIn(
  tx: Repositories,
  deps: RedeemDeps,
  customerId: number,
  code: string,
  found: () => void,
): Promise<Mbon> {
  const at = deps.now();
  const today = isoDay(at);
  await tx.customers.lock(customerId);
  const voucher = await tx.vouchers.byDigest(voucherDigests(deps.sealing, code));
  if (!voucher) throw refused(VOUCHER_TEXTS.wrongCode, 'WRONG_VOUCHER');
  found();
  const refusal = refusalOf(voucher, today);
  if (refusal) throw refusal;
  const subscription = await tx.subscriptions.forChange(customerId, today);
  if (
    subscription &&
    !mayRedeemVoucher(
      { status: subscription.status, nextPaymentOn: subscription.next_payment_on, planCode: subscription.code },
      voucher.plan_code,
      today,
    )
  )
    throw new DomainError(
      'conflict',
      VOUCHER_TEXTS.otherPackage(voucher.plan_name, subscription.name),
      'VOUCHER_OTHER_PACKAGE',
    );
  // Another request redeemed it (or the batch was cancelled) since the read: the statement decides.
  if (!(await tx.vouchers.redeem(voucher.id, customerId, today, at))) throw refused(VOUCHER_TEXTS.used, 'VOUCHER_USED');
  return {
    lastFour: voucher.last_four,
    planCode: voucher.plan_code,
    planName: voucher.plan_name,
    months: voucher.months,
    redeemedAt: at.toISOString(),
    monthsLeft: voucher.months,
  };
}

/**
 * `POST /customer/redeem-voucher` (docs/vouchers.md): the code's months become the customer's credit
 * for its package. Every try counts before the code is looked at, in the statement that checks the
 * limit (tryLimits); a redeemed voucher gives its tries back, and a code that is a voucher's gives the
 * address its try back whatever the answer (used, expired, another package): the address counts guesses.
 */
export async function redeemVoucher(
  deps: RedeemDeps,
  customerId: number,
  clientAddress: string,
  typed: string,
): Promise<Mbon> {
  const code = parseVoucherCode(typed);
  const limits = tryLimits(customerId, clientAddress, code !== null);
  const taken = await deps.limits.take(limits);
  if (!taken.ok) throw tooManyTries(VOUCHER_TEXTS.tooManyTries, taken.retryAfter, 'TOO_MANY_VOUCHER_TRIES');
  if (!code) throw refused(VOUCHER_TEXTS.wrongCode, 'WRONG_VOUCHER');
  let found = false;
  try {
    const mbon = await deps.store.transaction((tx) => redeemIn(tx, deps, customerId, code, () => (found = true)));
    await deps.limits.giveBack(limits);
    return mbon;
  } catch (error) {
    if (found) await deps.limits.giveBack(limits.slice(1));
    throw error;
  }
}

/** The customer's vouchers for the payment data's `mbons`, newest first. */
export async function mbonsOf(deps: Pick<VoucherDeps, 'store'>, customerId: number): Promise<Mbon[]> {
  return (await deps.store.vouchers.ofCustomer(customerId)).map(mbonOf);
}
