import {
  Alert,
  Button,
  LoadFailed,
  Page,
  Spinner,
  formatDateTime,
  getDevice,
  messageOf,
  queryClient,
  queryOptions,
  useQuery,
  useSubmit,
} from '@portal/shared';
import type { Passkey } from '@portal/shared/contract/passkeys';
import { staffCall, staffEndpoints as e } from '../api/staffClient';
import { PASSKEY_TEXTS as T } from './texts';
import styles from '../console.module.css';
import own from './PasskeysPage.module.css';

/** The member's passkeys, under `['staff', …]` as the console's reads are (a session's end drops them). */
const passkeysQuery = queryOptions({
  queryKey: ['staff', 'passkeys'],
  queryFn: ({ signal }) => staffCall(e.myPasskeys, { signal }),
});

/**
 * `/podrska/kljucevi` (docs/passkeys.md): the member's own passkeys, which confirm a sign-in in place of
 * the authenticator app's code; one added (the browser's prompt) or removed. Each change is in the trail.
 */
export function PasskeysPage() {
  const passkeys = useQuery(passkeysQuery);
  const change = useSubmit(T.changeFailed);
  const show = (list: Passkey[]) => queryClient.setQueryData(passkeysQuery.queryKey, list);
  const add = () =>
    void change.run(
      async () => {
        const credential = await (await import('./ceremonies')).makeStaffPasskey();
        if (credential) show(await staffCall(e.addMyPasskey, { body: { credential, name: getDevice().deviceName } }));
      },
      { settle: true },
    );
  const remove = (passkey: Passkey) =>
    void change.run(async () => show(await staffCall(e.removeMyPasskey, { params: { id: passkey.id } })), {
      settle: true,
    });

  return (
    <Page title={T.title} narrow>
      <section className={styles.panel}>
        <p>{T.intro}</p>
        {change.error && <Alert kind="error">{change.error}</Alert>}
        {passkeys.isPending && <Spinner />}
        {passkeys.isError && (
          <LoadFailed message={messageOf(passkeys.error, T.failed)} retry={() => void passkeys.refetch()} />
        )}
        {passkeys.isSuccess && passkeys.data.length === 0 && <p>{T.empty}</p>}
        {passkeys.isSuccess && passkeys.data.length > 0 && (
          <ul className={own.list} aria-label={T.title}>
            {passkeys.data.map((passkey) => (
              <li key={passkey.id} className={own.item}>
                <div>
                  <p className={own.name}>{passkey.name}</p>
                  <p className={own.meta}>
                    {T.added} {formatDateTime(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `${T.lastUsed} ${formatDateTime(passkey.lastUsedAt)}` : T.neverUsed}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  disabled={change.busy}
                  onClick={() => remove(passkey)}
                  aria-label={`${T.remove}: ${passkey.name}`}
                >
                  {T.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {typeof window.PublicKeyCredential === 'function' ? (
          <div className={styles.actions}>
            <Button onClick={add} disabled={change.busy} aria-busy={change.busy}>
              {T.add}
            </Button>
          </div>
        ) : (
          <p>{T.unsupported}</p>
        )}
      </section>
    </Page>
  );
}
