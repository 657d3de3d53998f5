import type { ReconciliationAnswer } from '@portal/shared/contract/support';
import type { Store } from '../repositories';
import { addDays, dayStart, isoDay } from '../days';
import { fromFening } from './amounts';
import type { LedgerPaymentRow, ReconciliationRow } from '../repositories/ledger';
import type { PaymentGateway, ProcessorPayment } from './processor/gateway';

/*
 * The books (`npm run reconcile`, and daily by itself after a billing pass): the ledger's card payments
 * compared with the processor's own records over a period, payment by payment. Every payment made in the
 * period on either side is looked up on the other, whenever it was made there, so a charge settled just
 * after midnight is compared with its payment rather than reported missing.
 */

/** A difference between the ledger and the processor, as the console and the command list it. */
export interface Difference {
  /**
   * NO_ORDER: the processor charged, the ledger has no charge (a charge on no order, or one never
   * settled); NOT_CHARGED: the ledger has a charge the processor has no succeeded payment for; AMOUNT: the
   * amounts charged differ; REFUNDED: what was given back differs (a refund the portal did not make).
   */
  kind: 'NO_ORDER' | 'NOT_CHARGED' | 'AMOUNT' | 'REFUNDED';
  paymentId: string;
  orderNumber: string | null;
  customerId: number | null;
  portalFening: number | null;
  processorFening: number | null;
}

/** What comparing one payment's two records finds. */
function compare(paymentId: string, ours: LedgerPaymentRow | undefined, theirs: ProcessorPayment | undefined) {
  const where = { paymentId, orderNumber: ours?.order_number ?? null, customerId: ours?.customer_id ?? null };
  const found: Difference[] = [];
  const differ = (kind: Difference['kind'], portalFening: number | null, processorFening: number | null) =>
    found.push({ ...where, kind, portalFening, processorFening });
  if (!ours) differ('NO_ORDER', null, theirs!.amountFening);
  else if (!theirs) differ('NOT_CHARGED', ours.charged, null);
  else {
    if (ours.charged !== theirs.amountFening) differ('AMOUNT', ours.charged, theirs.amountFening);
    if (ours.refunded !== theirs.refundedFening) differ('REFUNDED', ours.refunded, theirs.refundedFening);
  }
  return found;
}

/**
 * Compares the ledger with the processor over [from, to) and keeps the run (with its differences) for the
 * console and the metric `ontv_reconciliation_differences`.
 */
export async function reconcile(
  deps: { store: Store; gateway: PaymentGateway },
  period: { from: Date; to: Date },
  at: Date,
): Promise<ReconciliationRow> {
  const { store, gateway } = deps;
  const ours = new Map((await store.ledger.payments(period)).map((row) => [row.payment_id, row]));
  const theirs = new Map((await gateway.paymentsBetween(period.from, period.to)).map((p) => [p.paymentId, p]));
  const onlyTheirs = [...theirs.keys()].filter((id) => !ours.has(id));
  for (const row of await store.ledger.payments({ ids: onlyTheirs })) ours.set(row.payment_id, row);
  for (const id of ours.keys()) {
    if (theirs.has(id)) continue;
    const found = await gateway.paymentOf(id);
    if (found) theirs.set(id, found);
  }
  const ids = [...new Set([...ours.keys(), ...theirs.keys()])].sort();
  const differences = ids.flatMap((id) => compare(id, ours.get(id), theirs.get(id)));
  return store.ledger.saveRun({
    period_from: period.from,
    period_to: period.to,
    ran_at: at,
    processor: gateway.name,
    payments: ids.length,
    differences,
  });
}

/**
 * The daily run: yesterday reconciled once its day is over, unless a run has covered it already. Days are
 * the portal's, from midnight in Sarajevo (days.ts): 23 or 25 hours when the clocks change. Null when
 * there was nothing to do.
 */
export async function reconcileDaily(
  deps: { store: Store; gateway: PaymentGateway },
  at: Date,
): Promise<ReconciliationRow | null> {
  const today = isoDay(at);
  const to = dayStart(today);
  const last = await deps.store.ledger.lastRun();
  if (last && new Date(last.period_to).getTime() >= to.getTime()) return null;
  return reconcile(deps, { from: dayStart(addDays(today, -1)), to }, at);
}

/** `GET /staff/reconciliation` ('Usklađivanje', admins): the last run of the books, amounts in KM. */
export async function lastReconciliation(store: Store): Promise<ReconciliationAnswer> {
  const run = await store.ledger.lastRun();
  if (!run) return null;
  const km = (fening: number | null) => (fening === null ? null : fromFening(fening));
  return {
    from: new Date(run.period_from).toISOString(),
    to: new Date(run.period_to).toISOString(),
    ranAt: new Date(run.ran_at).toISOString(),
    processor: run.processor,
    payments: run.payments,
    differences: (run.differences as Difference[]).map((d) => ({
      kind: d.kind,
      paymentId: d.paymentId,
      orderNumber: d.orderNumber,
      customerId: d.customerId,
      portal: km(d.portalFening),
      processor: km(d.processorFening),
    })),
  };
}

/** The sandbox's `POST /api/dev/reconcile`: the books over all time, answered as the console shows them. */
export async function reconcileAllTime(
  deps: { store: Store; gateway: PaymentGateway },
  at: Date,
): Promise<ReconciliationAnswer> {
  const period = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') };
  await reconcile(deps, period, at);
  return lastReconciliation(deps.store);
}
