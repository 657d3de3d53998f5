import { LoadFailed, Spinner, formatDateTime, messageOf, useQuery } from '@portal/shared';
import { messagesQuery } from '../api/queries';
import { CONSOLE_TEXTS } from '../texts';
import styles from '../console.module.css';

const T = CONSOLE_TEXTS.customer;

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
