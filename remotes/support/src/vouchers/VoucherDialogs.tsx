import { calls, formRules, saveFile } from '@portal/shared';
import {
  isDay,
  STAFF_TEXTS,
  VOUCHER_BATCH_MAX,
  VOUCHER_MONTHS_MAX,
  cancelBatchRequestSchema,
  issueVouchersRequestSchema,
  voucherCsv,
  type IssuedVouchers,
  type VoucherBatch,
} from '@portal/shared/contract/support';
import { staffCall } from '../api/staffClient';
import { ActionDialog } from '../ui/ActionDialog';
import { DIALOG_TEXTS } from '../ui/texts';
import { VOUCHER_TEXTS } from './texts';

const T = VOUCHER_TEXTS;

/** A whole number from 1 to `max`, as typed. */
const wholeUpTo = (max: number) => (typed: string) =>
  /^\d{1,5}$/.test(typed.trim()) && Number(typed) >= 1 && Number(typed) <= max;

/**
 * The issue request as typed: the contract's rules for the package, the day and the label, and the months
 * and count as text (a field holds text) with the contract's limits and the console's Bosnian messages.
 */
const issueForm = formRules.extend(formRules.pick(issueVouchersRequestSchema, { label: true }), {
  plan: formRules.string().check(formRules.minLength(1, T.planNeeded)),
  months: formRules.string().check(formRules.refine(wholeUpTo(VOUCHER_MONTHS_MAX), T.monthsRule(VOUCHER_MONTHS_MAX))),
  count: formRules.string().check(formRules.refine(wholeUpTo(VOUCHER_BATCH_MAX), T.countRule(VOUCHER_BATCH_MAX))),
  validUntil: formRules.string().check(formRules.refine(isDay, STAFF_TEXTS.dayFormat)),
});

/** The print shop's CSV of an issuing answer, handed to the browser: the codes exist nowhere else. */
export function downloadCsv(issued: IssuedVouchers): void {
  const csv = voucherCsv(issued.batch, issued.codes);
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), T.fileName(issued.batch.id));
}

/** An admin issues a batch; its CSV downloads as soon as the API answers. */
export function IssueDialog({
  packages,
  onIssued,
  onClose,
}: {
  packages: ReadonlyArray<{ code: string; name: string }>;
  onIssued: (issued: IssuedVouchers) => void;
  onClose: () => void;
}) {
  return (
    <ActionDialog
      title={T.issueTitle}
      schema={issueForm}
      initial={{ plan: '', months: '1', count: '', validUntil: '', label: '' }}
      fields={[
        { name: 'plan', label: T.plan, choices: packages.map((p) => ({ value: p.code, label: p.name })) },
        { name: 'months', label: T.monthsField, inputMode: 'numeric' },
        { name: 'count', label: T.countField, inputMode: 'numeric' },
        { name: 'validUntil', label: T.validUntilField },
        { name: 'label', label: T.labelField },
      ]}
      send={async ({ plan, months, count, validUntil, label }) => {
        const body = { plan, months: Number(months), count: Number(count), validUntil, label };
        const issued = await staffCall(calls.staffIssueVouchers, { body });
        downloadCsv(issued);
        onIssued(issued);
      }}
      onClose={onClose}
    >
      {T.issueText}
    </ActionDialog>
  );
}

/** An admin cancels a batch, with a reason for the audit trail. */
export function CancelDialog({
  batch,
  onCancelled,
  onClose,
}: {
  batch: VoucherBatch;
  onCancelled: (batch: VoucherBatch) => void;
  onClose: () => void;
}) {
  return (
    <ActionDialog
      title={T.cancelTitle(batch.id)}
      schema={cancelBatchRequestSchema}
      initial={{ reason: '' }}
      fields={[{ name: 'reason', label: DIALOG_TEXTS.reason }]}
      send={async (body) =>
        onCancelled(await staffCall(calls.staffCancelVoucherBatch, { params: { batchId: String(batch.id) }, body }))
      }
      onClose={onClose}
    >
      {T.cancelText}
    </ActionDialog>
  );
}
