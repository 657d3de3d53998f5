import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  LoadFailed,
  Spinner,
  call,
  formatDateTime,
  getDevice,
  queryClient,
  queryOptions,
  retryRead,
  useQuery,
  useSubmit,
} from '@portal/shared';
import { passkeyEndpoints as calls, type Passkey } from '@portal/shared/contract/passkeys';
import { PASSKEYS_TEXTS as T } from '../texts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import itemList from '../ui/ItemList.module.css';
import styles from './PasskeysSection.module.css';

/** The ceremonies' chunk (ceremonies.ts), loaded when 'Dodaj pristupni ključ' is pressed. */
const ceremonies = () => import(/* webpackChunkName: "passkeys" */ './ceremonies');

/**
 * The customer's passkeys. Their calls are not in `endpoints`, whose signed-in answers the query cache
 * drops at sign-out: this one is dropped as soon as the section leaves the page (`gcTime: 0`).
 */
const passkeysQuery = queryOptions({
  queryKey: ['passkeys'],
  queryFn: ({ signal }) => call(calls.listPasskeys, { signal }),
  gcTime: 0,
});

/** 'Pristupni ključevi' on the account page (docs/passkeys.md): the customer's passkeys, one added or removed. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const adding = useSubmit(T.addFailed);
  const removal = useSubmit(T.removeFailed);
  const busy = adding.busy || removal.busy;
  // Adding and removing answer the passkeys: they are the list from now on.
  const show = (list: Passkey[]) => queryClient.setQueryData(passkeysQuery.queryKey, list);

  const add = () =>
    void adding.run(
      async () => {
        removal.setError(null);
        const credential = await (await ceremonies()).makePasskey();
        if (credential) show(await call(calls.addPasskey, { body: { credential, name: getDevice().deviceName } }));
      },
      { settle: true },
    );
  const remove = (passkey: Passkey) => {
    setRemoving(null);
    adding.setError(null);
    void removal.run(async () => show(await call(calls.removePasskey, { params: { id: passkey.id } })), {
      settle: true,
    });
  };

  const error = adding.error ?? removal.error;
  return (
    <Card>
      <h2 className={styles.heading}>{T.title}</h2>
      <p className={styles.intro}>{T.intro}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {passkeys.isPending && <Spinner />}
      {passkeys.isError && <LoadFailed message={T.failed} retry={retryRead(passkeysQuery)} />}
      {passkeys.isSuccess && passkeys.data.length === 0 && <p className={styles.empty}>{T.empty}</p>}
      {passkeys.isSuccess && passkeys.data.length > 0 && (
        <ul className={itemList.list} aria-label={T.title}>
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className={`${itemList.item} ${styles.item}`}>
              <div className={styles.passkey}>
                <p className={styles.name}>{passkey.name}</p>
                <p className={styles.meta}>
                  {T.added} {formatDateTime(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt ? `${T.lastUsed} ${formatDateTime(passkey.lastUsedAt)}` : T.neverUsed}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => setRemoving(passkey)}
                aria-label={`${T.remove}: ${passkey.name}`}
              >
                {T.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {typeof window.PublicKeyCredential === 'function' ? (
        <Button variant="secondary" disabled={busy} aria-busy={adding.busy} onClick={add}>
          {T.add}
        </Button>
      ) : (
        <p className={styles.meta}>{T.unsupported}</p>
      )}
      {removing && (
        <ConfirmDialog
          title={T.confirmTitle}
          confirm={T.confirm}
          cancel={T.cancel}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove(removing)}
        >
          {T.confirmText(removing.name)}
        </ConfirmDialog>
      )}
    </Card>
  );
}
