import { Button, LoadFailed, Spinner, formatDateTime, type UseQueryResult } from '@portal/shared';
import type { Passkey } from '@portal/shared/contract/passkeys';
import { PASSKEY_TEXTS as T } from './texts';
import itemList from '@portal/shared/item-list.module.css';
import styles from './passkeys.module.css';

interface PasskeyListProps {
  /** The read of the passkeys. */
  passkeys: UseQueryResult<Passkey[]>;
  /** Reads them again, after a read that failed. */
  retry: () => void;
  /** What a failed read says; the list's own words when not given. */
  failed?: string;
  /** A change is under way: no other starts. */
  busy: boolean;
  /** 'Ukloni' pressed for `passkey`. */
  onRemove: (passkey: Passkey) => void;
}

/**
 * One's passkeys (docs/passkeys.md), the customer's on the account page or a member's in the console:
 * being read, failed, none yet, or each with when it was added and last used, and 'Ukloni'.
 */
export function PasskeyList({ passkeys, retry, failed = T.failed, busy, onRemove }: PasskeyListProps) {
  if (passkeys.isPending) return <Spinner />;
  if (passkeys.isError) return <LoadFailed message={failed} retry={retry} />;
  if (passkeys.data.length === 0) return <p className={styles.empty}>{T.empty}</p>;
  return (
    <ul className={itemList.list} aria-label={T.title}>
      {passkeys.data.map((passkey) => (
        <li key={passkey.id} className={`${itemList.item} ${itemList.spread}`}>
          <div className={itemList.text}>
            <p className={itemList.name}>{passkey.name}</p>
            <p className={itemList.meta}>
              {T.added} {formatDateTime(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `${T.lastUsed} ${formatDateTime(passkey.lastUsedAt)}` : T.neverUsed}
            </p>
          </div>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onRemove(passkey)}
            aria-label={`${T.remove}: ${passkey.name}`}
          >
            {T.remove}
          </Button>
        </li>
      ))}
    </ul>
  );
}
