import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { call, getDevice, getProduct, setToken, type LoginResponse } from '@portal/shared';
import {
  passkeyEndpoints as calls,
  type AddPasskeyRequest,
  type PasskeyLoginRequest,
} from '@portal/shared/contract/passkeys';

/**
 * The browser's passkey ceremonies (docs/passkeys.md) through `@simplewebauthn/browser`, one chunk that
 * the pages load only when a passkey button is pressed or, for the username field's autofill, once the
 * login form has been idle a while: so no page's first visit carries it (the /nalog budget, docs/bench.md).
 */

/** The customer closed the browser's prompt, or another ceremony replaced this one: nothing to say. */
function cancelled(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** A new passkey for the signed-in customer, made by the browser for the API's challenge; null when cancelled. */
export async function makePasskey(): Promise<AddPasskeyRequest['credential'] | null> {
  const options = await call(calls.passkeyRegistrationOptions);
  try {
    return (await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })) as AddPasskeyRequest['credential'];
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/**
 * The API's challenge signed (`autofill`: offered in the username field's list, conditional mediation),
 * then the device session started as a password login starts it, the token kept as the auth store keeps
 * a login's. Null when cancelled, or when the browser has no such autofill.
 */
export async function signInWithPasskey(autofill: boolean): Promise<LoginResponse | null> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return null;
  const options = await call(calls.passkeyLoginOptions);
  let credential: PasskeyLoginRequest['credential'];
  try {
    credential = (await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    })) as PasskeyLoginRequest['credential'];
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
  const response = await call(calls.passkeyLogin, {
    body: { credential, deviceType: getProduct(), ...getDevice() },
  });
  setToken(response.token);
  return response;
}

/** Ends a passkey prompt still open (the autofill's, when the login form goes away). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}
