import {
  calls,
  getDevice,
  getProduct,
  setToken,
  type AddPasskeyRequest,
  type LoginResponse,
  type PasskeyLoginRequest,
} from '@portal/shared';

/**
 * The browser's side of passkeys (docs/passkeys.md), through `@simplewebauthn/browser`, loaded only
 * when a passkey is used (a button pressed, or the login form's autofill once it is idle), so that no
 * page's first load carries it (the /nalog budget, docs/bench.md).
 */

type Library = typeof import('@simplewebauthn/browser');
let library: Promise<Library> | null = null;
const load = (): Promise<Library> => (library ??= import(/* webpackChunkName: "passkeys" */ '@simplewebauthn/browser'));

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The customer closed the browser's prompt, or another ceremony replaced this one: nothing to say. */
function cancelled(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** A new passkey for the signed-in customer, made by the browser for the API's challenge; null when cancelled. */
export async function makePasskey(): Promise<AddPasskeyRequest['credential'] | null> {
  const [options, { startRegistration }] = await Promise.all([calls.passkeyRegistrationOptions(), load()]);
  try {
    return (await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    })) as AddPasskeyRequest['credential'];
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/**
 * Signs in with a passkey: the API's challenge signed (`autofill`: offered in the username field's
 * list, conditional mediation), then the device session started as the password login starts it, the
 * token kept as the auth store keeps a login's. Null when cancelled, or when autofill is not supported.
 */
export async function signInWithPasskey(autofill = false): Promise<LoginResponse | null> {
  const lib = await load();
  if (autofill && !(await lib.browserSupportsWebAuthnAutofill())) return null;
  const options = await calls.passkeyLoginOptions();
  let credential: PasskeyLoginRequest['credential'];
  try {
    credential = (await lib.startAuthentication({
      optionsJSON: options as unknown as Parameters<Library['startAuthentication']>[0]['optionsJSON'],
      useBrowserAutofill: autofill,
    })) as PasskeyLoginRequest['credential'];
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
  const response = await calls.passkeyLogin({ body: { credential, deviceType: getProduct(), ...getDevice() } });
  setToken(response.token);
  return response;
}

/** Ends a passkey prompt still open (the autofill's, when the login form goes away). */
export function cancelPasskeyPrompt(): void {
  void library?.then((lib) => lib.WebAuthnAbortService.cancelCeremony());
}
