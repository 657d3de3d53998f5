/**
 * @portal/shared/passkeys/ceremony: the browser's passkey ceremonies (docs/passkeys.md) through
 * `@simplewebauthn/browser`, the customer's and the console's alike. An entry of its own, which an app
 * loads in a chunk of its own when a passkey button is pressed (or, for the login form's autofill, once
 * the form has been idle a while): so no page's first visit carries it (the /nalog budget, docs/bench.md).
 * Each ceremony answers null when the browser's prompt is closed or another ceremony replaced it.
 */
import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AddPasskeyRequest, PasskeyLoginRequest } from '@portal/shared/contract/passkeys';

/** The prompt was closed, or another ceremony replaced this one: nothing to say. */
async function unlessCancelled<T>(ceremony: () => Promise<T>): Promise<T | null> {
  try {
    return await ceremony();
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'NotAllowedError' || name === 'AbortError') return null;
    throw error;
  }
}

/** A new passkey, made by the browser for the API's registration options (`options`, asked for first). */
export async function createPasskey(options: () => Promise<unknown>): Promise<AddPasskeyRequest['credential'] | null> {
  const optionsJSON = (await options()) as PublicKeyCredentialCreationOptionsJSON;
  return unlessCancelled(async () => (await startRegistration({ optionsJSON })) as AddPasskeyRequest['credential']);
}

/**
 * The API's challenge (`options`, its authentication options, asked for first) signed by one of the
 * passkeys; `autofill`: offered in the username field's list (conditional mediation), and null at once,
 * without asking for the options, when the browser has no such autofill.
 */
export async function signWithPasskey(
  options: () => Promise<unknown>,
  autofill = false,
): Promise<PasskeyLoginRequest['credential'] | null> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return null;
  const optionsJSON = (await options()) as PublicKeyCredentialRequestOptionsJSON;
  return unlessCancelled(
    async () =>
      (await startAuthentication({ optionsJSON, useBrowserAutofill: autofill })) as PasskeyLoginRequest['credential'],
  );
}

/** Ends a passkey prompt still open (the autofill's, when the login form goes away). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}
