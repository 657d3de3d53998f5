import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  calls,
  getDevice,
  queryClient,
  queryOptions,
  retryRead,
  useQuery,
  useSubmit,
} from '@portal/shared';
import type { Passkey } from '@portal/shared/contract/passkeys';
import { PASSKEY_TEXTS as P, PasskeyList } from '@portal/shared/passkeys';
import { PASSKEYS_TEXTS as T } from '../texts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import styles from './PasskeysSection.module.css';

/** The ceremonies' chunk (ceremonies.ts), loaded when 'Dodaj pristupni ključ' is pressed. */
const ceremonies = () => import(/* webpackChunkName: "passkeys" */ './ceremonies');

/**
 * The customer's passkeys. Their section of the table is not in the page's first load, whose signed-in
 * answers the query cache drops at sign-out: this one is dropped as soon as the section leaves the page (`gcTime: 0`).
 */
const passkeysQuery = queryOptions({
  queryKey: ['passkeys'],
  queryFn: ({ signal }) => calls.listPasskeys({ signal }),
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
        if (credential) show(await calls.addPasskey({ body: { credential, name: getDevice().deviceName } }));
      },
      { settle: true },
    );
  const remove = (passkey: Passkey) => {
    setRemoving(null);
    adding.setError(null);
    void removal.run(async () => show(await calls.removePasskey({ params: { id: passkey.id } })), {
      settle: true,
    });
  };

  const error = adding.error ?? removal.error;
  return (
    <Card>
      <h2 className={styles.heading}>{P.title}</h2>
      <p className={styles.intro}>{T.intro}</p>
      {error && <Alert kind="error">{error}</Alert>}
      <PasskeyList passkeys={passkeys} retry={retryRead(passkeysQuery)} busy={busy} onRemove={setRemoving} />
      {typeof window.PublicKeyCredential === 'function' ? (
        <Button variant="secondary" disabled={busy} aria-busy={adding.busy} onClick={add}>
          {P.add}
        </Button>
      ) : (
        <p className={styles.unsupported}>{P.unsupported}</p>
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
