/** The member's own passkeys (docs/passkeys.md): the console's second factor beside the app's code. */
export const PASSKEY_TEXTS = {
  intro:
    'Pristupnim ključem potvrđuješ prijavu u konzolu umjesto koda iz aplikacije: otiskom prsta, licem ili PIN-om uređaja.',
  changeFailed: 'Promjena nije uspjela. Pokušaj ponovo.',
} as const;
