import {
  Alert,
  Button,
  Page,
  calls,
  getDevice,
  messageOf,
  queryClient,
  queryOptions,
  useQuery,
  useSubmit,
} from '@portal/shared';
import type { Passkey } from '@portal/shared/contract/passkeys';
import { PASSKEY_TEXTS as P, PasskeyList } from '@portal/shared/passkeys';
import { staffCall } from '../api/staffClient';
import { PASSKEY_TEXTS as T } from './texts';
import styles from '../support.module.css';

/** The member's passkeys, under `['staff', …]` as the console's reads are (a session's end drops them). */
const passkeysQuery = queryOptions({
  queryKey: ['staff', 'passkeys'],
  queryFn: ({ signal }) => staffCall(calls.staffListPasskeys, { signal }),
});

/** The shared ceremonies' chunk, loaded when a passkey is added. */
const ceremony = () => import(/* webpackChunkName: "passkeys" */ '@portal/shared/passkeys/ceremony');

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
        const credential = await (
          await ceremony()
        ).createPasskey(() => staffCall(calls.staffPasskeyRegistrationOptions));
        if (credential)
          show(await staffCall(calls.staffAddPasskey, { body: { credential, name: getDevice().deviceName } }));
      },
      { settle: true },
    );
  const remove = (passkey: Passkey) =>
    void change.run(async () => show(await staffCall(calls.staffRemovePasskey, { params: { id: passkey.id } })), {
      settle: true,
    });

  return (
    <Page title={P.title} narrow>
      <section className={styles.panel}>
        <p>{T.intro}</p>
        {change.error && <Alert kind="error">{change.error}</Alert>}
        <PasskeyList
          passkeys={passkeys}
          retry={() => void passkeys.refetch()}
          failed={passkeys.isError ? messageOf(passkeys.error, P.failed) : undefined}
          busy={change.busy}
          onRemove={remove}
        />
        {typeof window.PublicKeyCredential === 'function' ? (
          <div className={styles.actions}>
            <Button onClick={add} disabled={change.busy} aria-busy={change.busy}>
              {P.add}
            </Button>
          </div>
        ) : (
          <p>{P.unsupported}</p>
        )}
      </section>
    </Page>
  );
}
