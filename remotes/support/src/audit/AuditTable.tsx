import { Link, formatDateTime } from '@portal/shared';
import type { AuditEntryAnswer } from '@portal/shared/contract/support';
import { SUPPORT_PATHS } from '../paths';
import { SupportTable } from '../ui/SupportTable';
import { ACTION_TEXTS, AUDIT_TEXTS } from './texts';
import styles from '../support.module.css';

const T = AUDIT_TEXTS;

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
  return (
    <SupportTable
      caption={T.caption}
      columns={[T.at, T.staff, T.action, showCustomer && T.customer, T.reason, T.change]}
      items={items}
      keyOf={(entry) => entry.id}
      none={T.none}
      cells={(entry) => (
        <>
          <td>{formatDateTime(entry.at)}</td>
          <td>{entry.staffName}</td>
          <td>{ACTION_TEXTS[entry.action] ?? entry.action}</td>
          {showCustomer && (
            <td>
              {entry.customerId && <Link to={SUPPORT_PATHS.customer.href(entry.customerId)}>{entry.customerId}</Link>}
            </td>
          )}
          <td>{entry.reason}</td>
          <td className={styles.change}>{changeText(entry.before, entry.after)}</td>
        </>
      )}
    />
  );
}
