import { LoadFailed, Spinner, formatDateTime, messageOf, useQuery } from '@portal/shared';
import { messagesQuery } from '../api/queries';
import { SupportTable } from '../ui/SupportTable';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';

const T = CUSTOMER_TEXTS;

/** The messages the outbox sent the customer, newest first. */
export function MessagesSection({ id }: { id: string }) {
  const messages = useQuery(messagesQuery(id));
  return (
    <section className={styles.panel} aria-labelledby="messages-title">
      <h2 id="messages-title">{T.messages}</h2>
      {messages.isPending && <Spinner />}
      {messages.isError && (
        <LoadFailed message={messageOf(messages.error, T.messagesFailed)} retry={() => void messages.refetch()} />
      )}
      {messages.isSuccess && (
        <SupportTable
          caption={T.messages}
          columns={[T.messageCreated, T.messageKind, T.messageTo, T.messageStatus]}
          items={messages.data}
          keyOf={(message) => message.id}
          none={T.noMessages}
          cells={(message) => (
            <>
              <td>{formatDateTime(message.createdAt)}</td>
              <td>
                {message.subject ?? message.kind}
                <div className={styles.muted}>{message.channel}</div>
              </td>
              <td>{message.to}</td>
              <td>{message.status}</td>
            </>
          )}
        />
      )}
    </section>
  );
}
