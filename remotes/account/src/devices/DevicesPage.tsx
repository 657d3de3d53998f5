import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonLink,
  DEVICES_AT_ONCE,
  LoadFailed,
  Page,
  Spinner,
  calls,
  panelClass,
  paths,
  useAccountInfo,
  endpointKey,
  queryClient,
  queryOptions,
  retryRead,
  useQuery,
  useSubmit,
  type SignedInDevice,
  messages,
} from '@portal/shared';
import { DEVICES_TEXTS } from '../texts';
import styles from './DevicesPage.module.css';
import forms from '../forms.module.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DeviceListView } from './DeviceListView';

const devicesQuery = queryOptions({
  queryKey: endpointKey('listDevices'),
  queryFn: ({ signal }) => calls.listDevices({ signal }),
});

/** `/nalog/uredjaji` (product.md §10): the devices signed in to the account; one other, or all others, can be signed out. */
export function DevicesPage() {
  const devices = useQuery(devicesQuery);
  const account = useAccountInfo();
  const [confirming, setConfirming] = useState<SignedInDevice | 'others' | null>(null);
  const { busy, error, run } = useSubmit(DEVICES_TEXTS.changeFailed);
  const shown = devices.isSuccess ? devices.data : null;
  const plan = account.isSuccess ? account.data.plan : null;
  const limit =
    plan && plan.code in DEVICES_AT_ONCE ? DEVICES_AT_ONCE[plan.code as keyof typeof DEVICES_AT_ONCE] : null;

  const signOut = (target: SignedInDevice | 'others') => {
    setConfirming(null);
    void run(
      // Signing out answers the devices left: they are the list from now on.
      async () =>
        queryClient.setQueryData(
          devicesQuery.queryKey,
          target === 'others'
            ? await calls.signOutOtherDevices()
            : await calls.signOutDevice({ params: { id: target.id } }),
        ),
      { settle: true },
    );
  };

  return (
    <Page title={DEVICES_TEXTS.title} narrow>
      <div className={panelClass()}>
        <p className={styles.intro}>{DEVICES_TEXTS.intro}</p>
        {plan && limit && <p className={styles.limit}>{DEVICES_TEXTS.limit(plan.name, limit)}</p>}
        {error && <Alert kind="error">{error}</Alert>}
        {devices.isPending && <Spinner />}
        {devices.isError && <LoadFailed message={DEVICES_TEXTS.failed} retry={retryRead(devicesQuery)} />}
        {shown && (
          <DeviceListView
            devices={shown}
            renderActions={(device) =>
              !device.current && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setConfirming(device)}
                  aria-label={`${DEVICES_TEXTS.signOut}: ${device.name}`}
                >
                  {DEVICES_TEXTS.signOut}
                </Button>
              )
            }
          />
        )}
        <div className={forms.actions}>
          {shown?.some((device) => !device.current) && (
            <Button disabled={busy} onClick={() => setConfirming('others')}>
              {DEVICES_TEXTS.signOutOthers}
            </Button>
          )}
          <ButtonLink to={paths.account.href()} variant="secondary">
            {messages.backToAccount}
          </ButtonLink>
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title={confirming === 'others' ? DEVICES_TEXTS.confirmOthers : DEVICES_TEXTS.confirmOne(confirming.name)}
          confirm={DEVICES_TEXTS.confirm}
          cancel={DEVICES_TEXTS.cancel}
          onClose={() => setConfirming(null)}
          onConfirm={() => signOut(confirming)}
        >
          {confirming === 'others' ? DEVICES_TEXTS.confirmOthersText : DEVICES_TEXTS.confirmOneText}
        </ConfirmDialog>
      )}
    </Page>
  );
}
