import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AddPasskeyRequest, PasskeyLoginRequest } from '@portal/shared/contract/passkeys';
import { staffCall, staffEndpoints as e } from '../api/staffClient';

/**
 * The console's passkey ceremonies (docs/passkeys.md) through `@simplewebauthn/browser`, a chunk loaded
 * when a passkey button is pressed. Each answers null when the member closes the browser's prompt.
 */

const cancelled = (error: unknown) => ['NotAllowedError', 'AbortError'].includes((error as Error | null)?.name ?? '');

/** A new passkey for the signed-in member, made for the API's challenge. */
export async function makeStaffPasskey(): Promise<AddPasskeyRequest['credential'] | null> {
  const options = await staffCall(e.myPasskeyOptions);
  try {
    return (await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })) as AddPasskeyRequest['credential'];
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/** The sign-in's challenge (`challenge`, the password step's token) signed by one of the member's passkeys. */
export async function signStaffChallenge(challenge: string): Promise<PasskeyLoginRequest['credential'] | null> {
  const options = await staffCall(e.passkeyOptions, { challenge });
  try {
    return (await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    })) as PasskeyLoginRequest['credential'];
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}
