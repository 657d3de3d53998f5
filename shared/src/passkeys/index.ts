/**
 * @portal/shared/passkeys: one's passkeys as a list, and the words both lists say (docs/passkeys.md),
 * for the account page and the console. Not part of the shared singleton's entry: the apps that show
 * passkeys (account, support) bundle it, and it imports the rest of @portal/shared by name
 * (docs/decisions/004-payments-import-shared-by-name.md). The ceremonies are an entry of their own,
 * `@portal/shared/passkeys/ceremony`, loaded when a button is pressed.
 */
export { PasskeyList } from './PasskeyList';
export { PASSKEY_TEXTS } from './texts';
