import type { ReactNode } from 'react';
import { formatDateTime, getProduct, type SignedInDevice } from '@portal/shared';
import { DEVICES_TEXTS } from '../texts';
import itemList from '@portal/shared/item-list.module.css';
import styles from './DevicesPage.module.css';

export interface DeviceListViewProps {
  devices: SignedInDevice[];
  /** Shown at the end of a device's row (the customer's 'Odjavi'); without it the list is read-only. */
  renderActions?: (device: SignedInDevice) => ReactNode;
}

const typeOf = (device: SignedInDevice) =>
  DEVICES_TEXTS.types[device.type] ?? (device.type === getProduct() ? DEVICES_TEXTS.browser : device.type);

/** The devices signed in to an account (product.md §10) from data alone, this one marked. */
export function DeviceListView({ devices, renderActions }: DeviceListViewProps) {
  return (
    <ul className={itemList.list} aria-label={DEVICES_TEXTS.title}>
      {devices.map((device) => (
        <li key={device.id} className={`${itemList.item} ${itemList.spread}`}>
          <div className={itemList.text}>
            <p className={itemList.name}>
              {device.name}{' '}
              {device.current && (
                <span className={`${itemList.badge} ${styles.badge}`}>{DEVICES_TEXTS.thisDevice}</span>
              )}
            </p>
            <p className={itemList.meta}>
              {typeOf(device)} · {DEVICES_TEXTS.signedIn} {formatDateTime(device.signedInAt)} · {DEVICES_TEXTS.lastUsed}{' '}
              {formatDateTime(device.lastUsedAt)}
            </p>
          </div>
          {renderActions?.(device)}
        </li>
      ))}
    </ul>
  );
}
