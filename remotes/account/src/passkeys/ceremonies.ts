import { calls, getDevice, getProduct, setToken, type LoginResponse } from '@portal/shared';
import type { AddPasskeyRequest } from '@portal/shared/contract/passkeys';
import { createPasskey, signWithPasskey } from '@portal/shared/passkeys/ceremony';

/**
 * The customer's passkey ceremonies (docs/passkeys.md), on the shared ones (`@portal/shared/passkeys/ceremony`):
 * one chunk that the pages load only when a passkey button is pressed or, for the username field's
 * autofill, once the login form has been idle a while: so no page's first visit carries it (the /nalog
 * budget, docs/bench.md). Each answers null when the customer closed the browser's prompt.
 */

export { cancelPasskeyPrompt } from '@portal/shared/passkeys/ceremony';

/** A new passkey for the signed-in customer, made by the browser for the API's challenge. */
export function makePasskey(): Promise<AddPasskeyRequest['credential'] | null> {
  return createPasskey(() => calls.passkeyRegistrationOptions());
}

/**
 * The API's challenge signed (`autofill`: offered in the username field's list, conditional mediation),
 * then the device session started as a password login starts it, the token kept as the auth store keeps
 * a login's. Null when cancelled, or when the browser has no such autofill.
 */
export async function signInWithPasskey(autofill: boolean): Promise<LoginResponse | null> {
  const credential = await signWithPasskey(() => calls.passkeyLoginOptions(), autofill);
  if (!credential) return null;
  const response = await calls.passkeyLogin({
    body: { credential, deviceType: getProduct(), ...getDevice() },
  });
  setToken(response.token);
  return response;
}
