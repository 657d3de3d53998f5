import { Link, formatDateTime } from '@portal/shared';
import type { AuditEntryAnswer } from '@portal/shared/contract/staff';
import { CONSOLE_PATHS } from '../paths';
import { CONSOLE_TEXTS } from '../texts';
import styles from '../console.module.css';

const T = CONSOLE_TEXTS.audit;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** What changed, as the entry recorded it: `field: before → after` for each field that differs, else both whole. */
export function changeText(before: unknown, after: unknown): string {
  if (before === null && after === null) return '';
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isRecord(before) || !isRecord(after)) return `${json(before) || '—'} → ${json(after) || '—'}`;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => json(before[key]) !== json(after[key]))
    .map((key) => `${key}: ${json(before[key]) || '—'} → ${json(after[key]) || '—'}`)
    .join('; ');
}

/** Audit entries, newest first: when, who, what, for which customer, why, and before → after. */
export function AuditTable({ items, showCustomer = true }: { items: AuditEntryAnswer[]; showCustomer?: boolean }) {
  if (items.length === 0) return <p className={styles.muted}>{T.none}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{T.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.at}</th>
            <th scope="col">{T.staff}</th>
            <th scope="col">{T.action}</th>
            {showCustomer && <th scope="col">{T.customer}</th>}
            <th scope="col">{T.reason}</th>
            <th scope="col">{T.change}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.staffName}</td>
              <td>{CONSOLE_TEXTS.actions[entry.action] ?? entry.action}</td>
              {showCustomer && (
                <td>
                  {entry.customerId && (
                    <Link to={CONSOLE_PATHS.customer.href(entry.customerId)}>{entry.customerId}</Link>
                  )}
                </td>
              )}
              <td>{entry.reason}</td>
              <td className={styles.change}>{changeText(entry.before, entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
