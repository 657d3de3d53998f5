import { local, storageKeys } from '../storage';

function randomHex(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Device {
  deviceUsername: string;
  devicePassword: string;
  deviceName: string;
}

/**
 * The browser's device identity, made once and kept in local storage: a public id sent as the
 * device username and a secret device password that binds token refreshes to this browser.
 */
export function getDevice(): Device {
  let id = local.get(storageKeys.deviceId);
  let password = local.get(storageKeys.devicePassword);
  if (!id || !password) {
    id = `web-${randomHex(12)}`;
    password = randomHex(32);
    local.set(storageKeys.deviceId, id);
    local.set(storageKeys.devicePassword, password);
  }
  return { deviceUsername: id, devicePassword: password, deviceName: deviceName() };
}

function deviceName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom/.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'preglednik';
  return `Web (${browser})`;
}
