/** Where this browser's id for the console's sign-in is kept: across sessions and restarts, unlike the session. */
const KEY = 'ontv.support.browser';
const ID = /^[0-9a-f]{64}$/;

/**
 * This browser's id, sent with every sign-in (docs/limits.md): 32 random bytes, made once and kept in
 * localStorage. Once a member signs in fully from it, the API gives it a budget of tries of its own, so
 * strangers' wrong passwords cannot keep the member out of the console. The API stores it hashed.
 * Without storage (a private window that refuses it) there is none: the browser is an unknown source.
 */
export function browserId(): string | undefined {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && ID.test(kept)) return kept;
    const made = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return undefined;
  }
}
