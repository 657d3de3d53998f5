import { useState, type ReactNode } from 'react';
import {
  Alert,
  ApiError,
  Button,
  ButtonLink,
  LoadFailed,
  Page,
  Spinner,
  formatDate,
  formatDateTime,
  formatKM,
  loadRemoteModule,
  messageOf,
  queryClient,
  queryOptions,
  useParams,
  useQuery,
  shownPhone,
  useSubmit,
  type AccountViewsModule,
  type PaymentRecord,
  type SignedInDevice,
} from '@portal/shared';
import {
  blockRequestSchema,
  extendFormSchema,
  isRowId,
  REFUND_AFTER,
  refundRequestSchema,
  signOutRequestSchema,
  type CustomerSummary,
} from '@portal/shared/contract/staff';
import {
  customerAuditQuery,
  customerKey,
  customerQuery,
  devicesQuery,
  messagesQuery,
  paymentsQuery,
} from '../api/queries';
import { staffCall, staffEndpoints as e } from '../api/staffClient';
import { useSession } from '../api/session';
import { ActionDialog } from '../ui/ActionDialog';
import { fullName, statusText } from '../search/SearchPage';
import { AuditTable } from '../audit/AuditTable';
import { CONSOLE_PATHS } from '../paths';
import { CONSOLE_TEXTS } from '../texts';
import styles from '../console.module.css';

const T = CONSOLE_TEXTS.customer;
const D = CONSOLE_TEXTS.dialog;

/** The account remote's views (payments, invoice, devices), reused read-only: docs/decisions/032. */
export const accountViewsQuery = queryOptions({
  queryKey: ['remoteModule', 'account/views'],
  queryFn: () => loadRemoteModule<AccountViewsModule>('account/views'),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** What a refund does to the period, in the order the dialog offers it. */
const REFUND_CHOICES = REFUND_AFTER.map((value) => ({ value, label: D.refundAfterChoice[value] }));

/** A key for one refund dialog: the same refund asked twice (a double click, a retry) is one refund. */
const newRefundKey = () => crypto.randomUUID().replace(/-/g, '');

type Open =
  | { kind: 'block' | 'unblock' | 'extend' }
  | { kind: 'refund'; payment: PaymentRecord; key: string }
  | { kind: 'signOut'; device: SignedInDevice | null };

/** What a payment still has to give back: paid, less its refunds. */
const refundable = (payment: PaymentRecord) =>
  Math.round((payment.amount - (payment.creditNotes ?? []).reduce((sum, note) => sum + note.amount, 0)) * 100) / 100;

/** `/podrska/kupci/:customerId`: one customer, what the console may do for them, and their trail. */
export function CustomerPage() {
  const { customerId = '' } = useParams<{ customerId: string }>();
  if (!isRowId(customerId)) return <NotFound message={T.notFound} />;
  return <Customer id={customerId} key={customerId} />;
}

function Customer({ id }: { id: string }) {
  const customer = useQuery(customerQuery(id));
  const admin = useSession((s) => s.staff?.role === 'admin');
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = (...parts: string[]) =>
    Promise.all(parts.map((part) => queryClient.invalidateQueries({ queryKey: [...customerKey(id), part] })));
  const changed = async (answer: CustomerSummary, text: string) => {
    // An action's answer may leave out what only the customer's own view holds (the promos used).
    queryClient.setQueryData<CustomerSummary>(customerKey(id), (before) => ({ ...before, ...answer }));
    setNotice(text);
    await refresh('audit', 'devices');
  };

  if (customer.isPending) return <Spinner />;
  if (customer.isError) {
    return customer.error instanceof ApiError && customer.error.status === 404 ? (
      <NotFound message={messageOf(customer.error, T.notFound)} />
    ) : (
      <LoadFailed message={messageOf(customer.error, T.failed)} retry={() => void customer.refetch()} />
    );
  }
  const c = customer.data;
  const name = fullName(c);
  const close = () => setOpen(null);

  return (
    <Page title={name}>
      <p>
        <ButtonLink to={CONSOLE_PATHS.home} variant="secondary">
          {T.back}
        </ButtonLink>
      </p>
      {notice && <Alert kind="success">{notice}</Alert>}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <section className={styles.panel} aria-labelledby="summary-title">
            <h2 id="summary-title">
              {T.summary}
              {c.blocked && <span className={styles.badge}>{T.blockedBadge}</span>}
            </h2>
            <dl className={styles.facts}>
              <Fact label={T.accountNumber}>{c.accountNumber}</Fact>
              <Fact label={T.email}>{c.email}</Fact>
              <Fact label={T.phone}>{c.phoneNumber && shownPhone(c.phoneNumber)}</Fact>
              <Fact label={T.status}>{statusText(c)}</Fact>
              <Fact label={T.plan}>{c.plan}</Fact>
              <Fact label={T.nextPayment}>{c.nextPaymentOn && formatDate(c.nextPaymentOn)}</Fact>
              <Fact label={T.promos}>{c.usedPromos?.length ? c.usedPromos.join(', ') : null}</Fact>
            </dl>
          </section>
          <section className={styles.panel} aria-labelledby="actions-title">
            <h2 id="actions-title">{T.actions}</h2>
            <div className={styles.actions}>
              {admin && !c.blocked && (
                <Button variant="secondary" onClick={() => setOpen({ kind: 'block' })}>
                  {T.block}
                </Button>
              )}
              {admin && c.blocked && (
                <Button variant="secondary" onClick={() => setOpen({ kind: 'unblock' })}>
                  {T.unblock}
                </Button>
              )}
              {admin && (
                <Button variant="secondary" onClick={() => setOpen({ kind: 'extend' })}>
                  {T.extend}
                </Button>
              )}
              <SendButton
                label={T.resendCode}
                send={() => staffCall(e.resendCode, { params: { customerId: id } })}
                done={() => {
                  setNotice(T.codeSent);
                  void refresh('messages', 'audit');
                }}
              />
            </div>
          </section>
        </div>
        <div className={styles.stack}>
          <Payments
            id={id}
            admin={admin}
            onRefund={(payment) => setOpen({ kind: 'refund', payment, key: newRefundKey() })}
            onSent={(order) => {
              setNotice(T.invoiceSent(order));
              void refresh('messages', 'audit');
            }}
          />
          <Devices id={id} onSignOut={(device) => setOpen({ kind: 'signOut', device })} />
          <Messages id={id} />
          <section className={styles.panel} aria-labelledby="trail-title">
            <h2 id="trail-title">{T.trail}</h2>
            <CustomerTrail id={id} />
          </section>
        </div>
      </div>

      {(open?.kind === 'block' || open?.kind === 'unblock') && (
        <ActionDialog
          title={open.kind === 'block' ? D.blockTitle(name) : D.unblockTitle(name)}
          schema={blockRequestSchema}
          initial={{ reason: '' }}
          fields={[{ name: 'reason', label: D.reason }]}
          send={async (body) =>
            changed(
              await staffCall(open.kind === 'block' ? e.block : e.unblock, { params: { customerId: id }, body }),
              open.kind === 'block' ? T.blocked : T.unblocked,
            )
          }
          onClose={close}
        >
          {open.kind === 'block' ? D.blockText : D.unblockText}
        </ActionDialog>
      )}
      {open?.kind === 'extend' && (
        <ActionDialog
          title={D.extendTitle}
          schema={extendFormSchema}
          initial={{ days: '', reason: '' }}
          fields={[
            { name: 'days', label: D.days, inputMode: 'numeric' },
            { name: 'reason', label: D.reason },
          ]}
          send={async ({ days, reason }) => {
            const answer = await staffCall(e.extend, {
              params: { customerId: id },
              body: { days: Number(days), reason },
            });
            await changed(answer, T.extended(answer.nextPaymentOn ? formatDate(answer.nextPaymentOn) : T.none));
          }}
          onClose={close}
        >
          {D.extendText}
        </ActionDialog>
      )}
      {open?.kind === 'refund' && (
        <ActionDialog
          title={D.refundTitle(open.payment.orderNumber)}
          schema={refundRequestSchema}
          initial={{ amount: '', after: '', reason: '', key: open.key }}
          fields={[
            { name: 'amount', label: D.amount, inputMode: 'decimal' },
            { name: 'after', label: D.refundAfter, choices: REFUND_CHOICES },
            { name: 'reason', label: D.reason },
          ]}
          send={async (body) => {
            const refund = await staffCall(e.refund, {
              params: { customerId: id, orderNumber: open.payment.orderNumber },
              body,
            });
            // Answered again for its key, a refund may still be with the provider: never shown done before it is.
            const say = refund.status === 'SUCCEEDED' ? T.refunded : T.refundPending;
            setNotice(say(formatKM(refund.amount), refund.creditNoteNumber));
            await refresh('payments', 'audit', 'messages');
          }}
          onClose={close}
        >
          {D.refundText(formatKM(refundable(open.payment)))}
        </ActionDialog>
      )}
      {open?.kind === 'signOut' && (
        <ActionDialog
          title={open.device ? D.signOutTitle(open.device.name) : D.signOutAllTitle}
          schema={signOutRequestSchema}
          initial={{ reason: '' }}
          fields={[{ name: 'reason', label: D.reason }]}
          send={async ({ reason }) => {
            const left = await staffCall(e.signOut, {
              params: { customerId: id },
              body: open.device ? { sessionId: open.device.id, reason } : { reason },
            });
            queryClient.setQueryData(devicesQuery(id).queryKey, left);
            setNotice(T.signedOut);
            await refresh('audit');
          }}
          onClose={close}
        >
          {D.signOutText}
        </ActionDialog>
      )}
    </Page>
  );
}

/** No such customer (an id that is none, or of nobody): why, and the way back to the search. */
function NotFound({ message }: { message: string }) {
  return (
    <Page title={T.notFound}>
      <Alert kind="error">{message}</Alert>
      <ButtonLink to={CONSOLE_PATHS.home} variant="secondary">
        {T.back}
      </ButtonLink>
    </Page>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || T.none}</dd>
    </>
  );
}

/** A button that sends once at a time and reports its failure beside it. */
function SendButton({
  label,
  ariaLabel,
  send,
  done,
  variant = 'secondary',
}: {
  label: string;
  ariaLabel?: string;
  send: () => Promise<unknown>;
  done: () => void;
  variant?: 'secondary' | 'primary';
}) {
  const submit = useSubmit(T.actionFailed);
  return (
    <>
      <Button
        variant={variant}
        disabled={submit.busy}
        aria-label={ariaLabel}
        onClick={() =>
          void submit.run(
            async () => {
              await send();
              done();
            },
            { settle: true },
          )
        }
      >
        {label}
      </Button>
      {submit.error && <Alert kind="error">{submit.error}</Alert>}
    </>
  );
}

function Payments({
  id,
  admin,
  onRefund,
  onSent,
}: {
  id: string;
  admin: boolean;
  onRefund: (payment: PaymentRecord) => void;
  onSent: (orderNumber: string) => void;
}) {
  const views = useQuery(accountViewsQuery);
  const payments = useQuery(paymentsQuery(id));
  return (
    <section className={styles.panel} aria-labelledby="payments-title">
      <h2 id="payments-title">{T.payments}</h2>
      {(views.isPending || payments.isPending) && !views.isError && !payments.isError && <Spinner />}
      {views.isError && <LoadFailed message={T.viewsFailed} retry={() => void views.refetch()} />}
      {payments.isError && (
        <LoadFailed message={messageOf(payments.error, T.paymentsFailed)} retry={() => void payments.refetch()} />
      )}
      {views.isSuccess && payments.isSuccess && (
        <views.data.PaymentHistoryView
          payments={payments.data}
          invoiceHref={(orderNumber) => CONSOLE_PATHS.invoice.href(id, orderNumber)}
          renderActions={(payment) => (
            <span className={styles.rowActions}>
              <SendButton
                label={T.resendInvoice}
                ariaLabel={T.resendInvoiceOf(payment.orderNumber)}
                send={() =>
                  staffCall(e.resendInvoice, { params: { customerId: id, orderNumber: payment.orderNumber } })
                }
                done={() => onSent(payment.orderNumber)}
              />
              {admin && refundable(payment) > 0 && (
                <Button
                  variant="secondary"
                  aria-label={T.refundOf(payment.orderNumber)}
                  onClick={() => onRefund(payment)}
                >
                  {T.refund}
                </Button>
              )}
            </span>
          )}
        />
      )}
    </section>
  );
}

function Devices({ id, onSignOut }: { id: string; onSignOut: (device: SignedInDevice | null) => void }) {
  const views = useQuery(accountViewsQuery);
  const devices = useQuery(devicesQuery(id));
  return (
    <section className={styles.panel} aria-labelledby="devices-title">
      <h2 id="devices-title">{T.devices}</h2>
      {(views.isPending || devices.isPending) && !views.isError && !devices.isError && <Spinner />}
      {views.isError && <LoadFailed message={T.viewsFailed} retry={() => void views.refetch()} />}
      {devices.isError && (
        <LoadFailed message={messageOf(devices.error, T.devicesFailed)} retry={() => void devices.refetch()} />
      )}
      {devices.isSuccess && devices.data.length === 0 && <p className={styles.muted}>{T.noDevices}</p>}
      {views.isSuccess && devices.isSuccess && devices.data.length > 0 && (
        <>
          <views.data.DeviceListView
            devices={devices.data}
            renderActions={(device) => (
              <Button variant="secondary" aria-label={T.signOutDeviceOf(device.name)} onClick={() => onSignOut(device)}>
                {T.signOutDevice}
              </Button>
            )}
          />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => onSignOut(null)}>
              {T.signOutAll}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function Messages({ id }: { id: string }) {
  const messages = useQuery(messagesQuery(id));
  return (
    <section className={styles.panel} aria-labelledby="messages-title">
      <h2 id="messages-title">{T.messages}</h2>
      {messages.isPending && <Spinner />}
      {messages.isError && (
        <LoadFailed message={messageOf(messages.error, T.messagesFailed)} retry={() => void messages.refetch()} />
      )}
      {messages.isSuccess && messages.data.length === 0 && <p className={styles.muted}>{T.noMessages}</p>}
      {messages.isSuccess && messages.data.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">{T.messages}</caption>
            <thead>
              <tr>
                <th scope="col">{T.messageCreated}</th>
                <th scope="col">{T.messageKind}</th>
                <th scope="col">{T.messageTo}</th>
                <th scope="col">{T.messageStatus}</th>
              </tr>
            </thead>
            <tbody>
              {messages.data.map((message) => (
                <tr key={message.id}>
                  <td>{formatDateTime(message.createdAt)}</td>
                  <td>
                    {message.subject ?? message.kind}
                    <div className={styles.muted}>{message.channel}</div>
                  </td>
                  <td>{message.to}</td>
                  <td>{message.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A look at the customer's data (the trail records each), not something done for them. */
const isRead = (action: string) => action === 'customer.view' || action.startsWith('customer.read.');

function CustomerTrail({ id }: { id: string }) {
  const [reads, setReads] = useState(false);
  const trail = useQuery(customerAuditQuery(id));
  if (trail.isPending) return <Spinner />;
  if (trail.isError) {
    return (
      <LoadFailed message={messageOf(trail.error, CONSOLE_TEXTS.audit.failed)} retry={() => void trail.refetch()} />
    );
  }
  const items = reads ? trail.data.items : trail.data.items.filter((entry) => !isRead(entry.action));
  return (
    <>
      <label className={styles.check}>
        <input type="checkbox" checked={reads} onChange={(event) => setReads(event.target.checked)} /> {T.showReads}
      </label>
      <AuditTable items={items} showCustomer={false} />
    </>
  );
}
