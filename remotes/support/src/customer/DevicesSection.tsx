import { Button, LoadFailed, Spinner, messageOf, useQuery, type SignedInDevice } from '@portal/shared';
import { devicesQuery } from '../api/queries';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';
import { accountViewsQuery } from './accountViews';

const T = CUSTOMER_TEXTS;

/** The customer's signed-in devices in the account remote's view, one or all to sign out (`null`: all). */
export function DevicesSection({ id, onSignOut }: { id: string; onSignOut: (device: SignedInDevice | null) => void }) {
  const views = useQuery(accountViewsQuery);
  const devices = useQuery(devicesQuery(id));
  return (
    <section className={styles.panel} aria-labelledby="devices-title">
      <h2 id="devices-title">{T.devices}</h2>
      {(views.isPending || devices.isPending) && !views.isError && !devices.isError && <Spinner />}
      {views.isError && <LoadFailed message={T.viewsFailed} retry={() => void views.refetch()} />}
      {devices.isError && (
        <LoadFailed message={messageOf(devices.error, T.devicesFailed)} retry={() => void devices.refetch()} />
      )}
      {devices.isSuccess && devices.data.length === 0 && <p className={styles.muted}>{T.noDevices}</p>}
      {views.isSuccess && devices.isSuccess && devices.data.length > 0 && (
        <>
          <views.data.DeviceListView
            devices={devices.data}
            renderActions={(device) => (
              <Button variant="secondary" aria-label={T.signOutDeviceOf(device.name)} onClick={() => onSignOut(device)}>
                {T.signOutDevice}
              </Button>
            )}
          />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => onSignOut(null)}>
              {T.signOutAll}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
