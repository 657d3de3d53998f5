import { formatDate, formatKM, queryClient, type PaymentRecord, type SignedInDevice, calls } from '@portal/shared';
import {
  blockRequestSchema,
  extendFormSchema,
  REFUND_AFTER,
  refundRequestSchema,
  signOutRequestSchema,
  type CustomerSummary,
} from '@portal/shared/contract/support';
import { devicesQuery } from '../api/queries';
import { staffCall } from '../api/staffClient';
import { ActionDialog } from '../ui/ActionDialog';
import { CUSTOMER_TEXTS } from './texts';
import { DIALOG_TEXTS } from '../ui/texts';
import { refundable } from './PaymentsSection';

const T = CUSTOMER_TEXTS;
const D = DIALOG_TEXTS;

/** The dialog open on the customer's page, with what it acts on. */
export type Open =
  | { kind: 'block' | 'unblock' | 'extend' | 'endPause' }
  | { kind: 'refund'; payment: PaymentRecord; key: string }
  | { kind: 'signOut'; device: SignedInDevice | null };

/** What a refund does to the period, in the order the dialog offers it. */
const REFUND_CHOICES = REFUND_AFTER.map((value) => ({ value, label: D.refundAfterChoice[value] }));

/** A key for one refund dialog: the same refund asked twice (a double click, a retry) is one refund. */
export const newRefundKey = () => crypto.randomUUID().replace(/-/g, '');

/** What a dialog tells the page once its call is answered. */
interface DialogProps {
  id: string;
  name: string;
  onClose: () => void;
  /** An action's answer about the customer, and the notice that says it was done. */
  changed: (answer: CustomerSummary, text: string) => Promise<void>;
  notify: (text: string) => void;
  /** The customer's queries to fetch again (`payments`, `audit`, …). */
  refresh: (...parts: string[]) => Promise<unknown>;
}

/** The dialog `open` names, if any. */
export function CustomerDialogs({ open, ...props }: DialogProps & { open: Open | null }) {
  if (open?.kind === 'block' || open?.kind === 'unblock')
    return <BlockDialog {...props} block={open.kind === 'block'} />;
  if (open?.kind === 'extend') return <ExtendDialog {...props} />;
  if (open?.kind === 'endPause') return <EndPauseDialog {...props} />;
  if (open?.kind === 'refund') return <RefundDialog {...props} payment={open.payment} refundKey={open.key} />;
  if (open?.kind === 'signOut') return <SignOutDialog {...props} device={open.device} />;
  return null;
}

function BlockDialog({ id, name, onClose, changed, block }: DialogProps & { block: boolean }) {
  return (
    <ActionDialog
      title={block ? D.blockTitle(name) : D.unblockTitle(name)}
      schema={blockRequestSchema}
      initial={{ reason: '' }}
      fields={[{ name: 'reason', label: D.reason }]}
      send={async (body) =>
        changed(
          await staffCall(block ? calls.staffBlockCustomer : calls.staffUnblockCustomer, {
            params: { customerId: id },
            body,
          }),
          block ? T.blocked : T.unblocked,
        )
      }
      onClose={onClose}
    >
      {block ? D.blockText : D.unblockText}
    </ActionDialog>
  );
}

/** 'Završi pauzu': the customer's pause ends now, with why (in the audit trail). */
function EndPauseDialog({ id, name, onClose, changed }: DialogProps) {
  return (
    <ActionDialog
      title={D.endPauseTitle(name)}
      schema={blockRequestSchema}
      initial={{ reason: '' }}
      fields={[{ name: 'reason', label: D.reason }]}
      send={async (body) => {
        const answer = await staffCall(calls.staffEndPause, { params: { customerId: id }, body });
        await changed(answer, T.pauseEnded(answer.nextPaymentOn ? formatDate(answer.nextPaymentOn) : T.none));
      }}
      onClose={onClose}
    >
      {D.endPauseText}
    </ActionDialog>
  );
}

function ExtendDialog({ id, onClose, changed }: DialogProps) {
  return (
    <ActionDialog
      title={D.extendTitle}
      schema={extendFormSchema}
      initial={{ days: '', reason: '' }}
      fields={[
        { name: 'days', label: D.days, inputMode: 'numeric' },
        { name: 'reason', label: D.reason },
      ]}
      send={async ({ days, reason }) => {
        const answer = await staffCall(calls.staffExtendSubscription, {
          params: { customerId: id },
          body: { days: Number(days), reason },
        });
        await changed(answer, T.extended(answer.nextPaymentOn ? formatDate(answer.nextPaymentOn) : T.none));
      }}
      onClose={onClose}
    >
      {D.extendText}
    </ActionDialog>
  );
}

function RefundDialog({
  id,
  onClose,
  notify,
  refresh,
  payment,
  refundKey,
}: DialogProps & { payment: PaymentRecord; refundKey: string }) {
  return (
    <ActionDialog
      title={D.refundTitle(payment.orderNumber)}
      schema={refundRequestSchema}
      initial={{ amount: '', after: '', reason: '', key: refundKey }}
      fields={[
        { name: 'amount', label: D.amount, inputMode: 'decimal' },
        { name: 'after', label: D.refundAfter, choices: REFUND_CHOICES },
        { name: 'reason', label: D.reason },
      ]}
      send={async (body) => {
        const refund = await staffCall(calls.staffRefund, {
          params: { customerId: id, orderNumber: payment.orderNumber },
          body,
        });
        // Answered again for its key, a refund may still be with the provider: never shown done before it is.
        const say = refund.status === 'SUCCEEDED' ? T.refunded : T.refundPending;
        notify(say(formatKM(refund.amount), refund.creditNoteNumber));
        await refresh('payments', 'audit', 'messages');
      }}
      onClose={onClose}
    >
      {D.refundText(formatKM(refundable(payment)))}
    </ActionDialog>
  );
}

function SignOutDialog({ id, onClose, notify, refresh, device }: DialogProps & { device: SignedInDevice | null }) {
  return (
    <ActionDialog
      title={device ? D.signOutTitle(device.name) : D.signOutAllTitle}
      schema={signOutRequestSchema}
      initial={{ reason: '' }}
      fields={[{ name: 'reason', label: D.reason }]}
      send={async ({ reason }) => {
        const left = await staffCall(calls.staffSignOutDevices, {
          params: { customerId: id },
          body: device ? { sessionId: device.id, reason } : { reason },
        });
        queryClient.setQueryData(devicesQuery(id).queryKey, left);
        notify(T.signedOut);
        await refresh('audit');
      }}
      onClose={onClose}
    >
      {D.signOutText}
    </ActionDialog>
  );
}
