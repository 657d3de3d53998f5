import type { IssueVouchersRequest, VoucherBatch, VoucherFound } from '@portal/shared/contract/support';
import { VOUCHER_STAFF_TEXTS } from '@portal/shared/contract/support';
import type { Keyring } from '../../auth/keyring';
import type { Store } from '../../repositories';
import type { BatchRow, VoucherRow } from '../../repositories/vouchers';
import { DomainError } from '../../errors';
import { isoDay } from '../../days';
import { lastFour, newVoucherCode, voucherDigest } from './codes';

/** What the batch use cases need: the database, the keyring whose code key makes the digests, the clock. */
export interface VoucherDeps {
  store: Store;
  sealing: Keyring;
  now: () => Date;
}

/** Who issues or cancels: a member of staff in the console, or the operator at the command line (no staff id). */
export interface Issuer {
  name: string;
  staffId: number | null;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

const batchOf = (row: BatchRow): VoucherBatch => ({
  id: row.id,
  planCode: row.plan_code,
  planName: row.plan_name,
  months: row.months,
  count: row.count,
  redeemed: row.redeemed,
  validUntil: row.valid_until,
  label: row.label,
  issuedAt: new Date(row.issued_at).toISOString(),
  issuedBy: row.issued_by,
  cancelledAt: iso(row.cancelled_at),
  cancelledBy: row.cancelled_by,
});

/**
 * A batch of `count` new codes, its row, the codes' digests and its audit entry in one transaction.
 * The codes are answered once, here, for the print shop's file: nothing stores them in clear, so
 * nothing can show them again.
 */
export async function issueVouchers(
  deps: VoucherDeps,
  issuer: Issuer,
  request: IssueVouchersRequest,
): Promise<{ batch: VoucherBatch; codes: string[] }> {
  const at = deps.now();
  if (request.validUntil < isoDay(at))
    throw new DomainError('invalid', VOUCHER_STAFF_TEXTS.validUntilPast, 'BAD_REQUEST');
  return deps.store.transaction(async (tx) => {
    if (!(await tx.plans.find(request.plan, isoDay(at))))
      throw new DomainError('not-found', VOUCHER_STAFF_TEXTS.planNotFound, 'NOT_FOUND');
    const batchId = await tx.vouchers.createBatch({ ...request, planCode: request.plan }, issuer, at);
    const codes: string[] = [];
    // A digest already stored (a code drawn twice: 75 bits make it all but impossible) is drawn again.
    while (codes.length < request.count) {
      const drawn = Array.from({ length: request.count - codes.length }, () => newVoucherCode());
      const rows = drawn.map((code) => ({ code, digest: voucherDigest(deps.sealing, code), lastFour: lastFour(code) }));
      const added = await tx.vouchers.addCodes(batchId, rows);
      codes.push(...rows.filter((row) => added.has(row.digest)).map((row) => row.code));
    }
    await tx.audit.record(
      {
        staffId: issuer.staffId,
        staffName: issuer.name,
        action: 'voucher.issue',
        customerId: null,
        after: {
          batch: batchId,
          plan: request.plan,
          months: request.months,
          count: request.count,
          validUntil: request.validUntil,
          label: request.label,
        },
      },
      at,
    );
    return { batch: batchOf((await tx.vouchers.batch(batchId))!), codes };
  });
}

/** Cancels a batch: none of its codes redeems from now on (credit already redeemed stays). With its audit entry. */
export async function cancelBatch(
  deps: VoucherDeps,
  by: Issuer,
  batchId: number,
  reason: string,
): Promise<VoucherBatch> {
  const at = deps.now();
  return deps.store.transaction(async (tx) => {
    if (!(await tx.vouchers.cancel(batchId, by.name, at))) {
      if (!(await tx.vouchers.batch(batchId)))
        throw new DomainError('not-found', VOUCHER_STAFF_TEXTS.batchNotFound, 'NOT_FOUND');
      throw new DomainError('conflict', VOUCHER_STAFF_TEXTS.alreadyCancelled, 'CONFLICT');
    }
    const batch = batchOf((await tx.vouchers.batch(batchId))!);
    await tx.audit.record(
      {
        staffId: by.staffId,
        staffName: by.name,
        action: 'voucher.cancel',
        customerId: null,
        reason,
        before: { batch: batchId, label: batch.label, redeemed: batch.redeemed, count: batch.count },
        after: { batch: batchId, cancelledAt: batch.cancelledAt },
      },
      at,
    );
    return batch;
  });
}

export async function listBatches(store: Store): Promise<VoucherBatch[]> {
  return (await store.vouchers.batches()).map(batchOf);
}

const found = (row: VoucherRow, batch: VoucherBatch): VoucherFound => ({
  lastFour: row.last_four,
  batch,
  redeemedAt: iso(row.redeemed_at),
  customerId: row.customer_id,
  monthsLeft: row.months_left,
});

/** The codes ending in `last` (a customer reads them out to an agent), with their batches; the look-up is in the trail. */
export async function lookUpVoucher(deps: VoucherDeps, by: Issuer, last: string): Promise<VoucherFound[]> {
  const rows = await deps.store.vouchers.byLastFour(last.toUpperCase());
  const batches = new Map<number, VoucherBatch>();
  for (const row of rows)
    if (!batches.has(row.batch_id))
      batches.set(row.batch_id, batchOf((await deps.store.vouchers.batch(row.batch_id))!));
  await deps.store.audit.record(
    {
      staffId: by.staffId,
      staffName: by.name,
      action: 'voucher.lookup',
      customerId: null,
      after: { last: last.toUpperCase(), found: rows.length },
    },
    deps.now(),
  );
  return rows.map((row) => found(row, batches.get(row.batch_id)!));
}
