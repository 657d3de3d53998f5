import { unseal, type Keyring } from './keyring';
import { commandName } from '../config';
import { isoDay } from '../days';
import type { SealedValuesRepository } from '../repositories/sealedValues';

/**
 * What stored data needs which key of the sealing keyring, and which of those keys SEALING_KEYS lacks
 * (docs/deploy/keys.md#a-key-missing): `keys status` prints it and every start checks it, so a key
 * taken out too early is named before customers meet refused vouchers and PINs that are gone.
 */

/** What one key (null: the legacy key, for values that name none) holds in one column. */
export interface KeyUse {
  table: string;
  column: string;
  keyId: string | null;
  count: number;
  /** Digests and codes: the last day (vouchers) or minute (codes) one of them is still needed. */
  until: string | null;
  /** Sealed values: one of them, to try opening. */
  sample: string | null;
}

/** Everything stored that needs a key, at `now`: one statement of a few GROUP BYs. */
export async function keyUses(repo: SealedValuesRepository, now: Date): Promise<KeyUse[]> {
  return (await repo.keyUses(isoDay(now), now)).map((row) => ({
    table: row.table,
    column: row.column,
    keyId: row.key_id || null,
    count: row.count,
    until: row.until,
    sample: row.sample,
  }));
}

/** A key stored values need that the ring lacks (`absent`), or holds with a secret that does not open them (`wrong`). */
interface MissingKey {
  keyId: string | null;
  problem: 'absent' | 'wrong';
  uses: KeyUse[];
}

/** Whether the ring opens what `use` holds: its key is there, and a sealed value's sample opens with it. */
function problemOf(ring: Keyring, use: KeyUse): MissingKey['problem'] | null {
  const held = use.keyId === null ? ring.legacy.length > 0 : ring.byId.has(use.keyId);
  if (!held) return 'absent';
  if (use.sample === null) return null;
  try {
    unseal(ring, use.sample);
    return null;
  } catch {
    return 'wrong';
  }
}

/** The keys stored values need that the ring does not give, each with what needs it. */
export function missingKeys(ring: Keyring, uses: readonly KeyUse[]): MissingKey[] {
  const byKey = new Map<string | null, MissingKey>();
  for (const use of uses) {
    const problem = problemOf(ring, use);
    if (!problem) continue;
    const entry = byKey.get(use.keyId) ?? { keyId: use.keyId, problem, uses: [] };
    entry.uses.push(use);
    byKey.set(use.keyId, entry);
  }
  return [...byKey.values()];
}

/** What each column holds, for an operator, and what goes wrong while its key is missing. */
const STORED: Record<string, { what: (use: KeyUse) => string; effect: string }> = {
  'customers.pin_sealed': { what: () => "customers' PINs", effect: 'those customers get no PIN at login' },
  'outbox.text_sealed': { what: () => 'messages', effect: 'those messages, if still waiting, are given up' },
  'outbox.code_sealed': { what: () => "messages' codes", effect: 'those messages, if still waiting, are given up' },
  'staff.totp_sealed': {
    what: () => 'staff second factors',
    effect: 'those staff cannot pass the authenticator step',
  },
  'vouchers.digest': {
    what: (use) => `unredeemed vouchers, valid until ${use.until}`,
    effect: 'those vouchers are refused as wrong codes when redeemed',
  },
  'verifications.code_hash': {
    what: (use) => `one-time codes, live until ${use.until}`,
    effect: 'those codes are refused (a new code works)',
  },
};

const stored = (use: KeyUse) => STORED[`${use.table}.${use.column}`];
const LEGACY = 'The legacy key (derived from JWT_SECRET or DATA_DIR/jwt-secret)';

/** One key's line: which key, why, and what needs it (table.column count). */
function keyLine(missing: MissingKey): string {
  const what = missing.uses
    .map((use) => `${use.table}.${use.column} ${use.count} (${stored(use)?.what(use) ?? 'values'})`)
    .join(', ');
  if (missing.keyId === null)
    return missing.problem === 'absent'
      ? `${LEGACY} is gone, and what was sealed before the keyring needs it: ${what}.`
      : `${LEGACY} does not open what was sealed before the keyring (JWT_SECRET changed before a reseal moved it): ${what}.`;
  return missing.problem === 'absent'
    ? `Key ${missing.keyId} is not in SEALING_KEYS, and stored data needs it: ${what}.`
    : `Key ${missing.keyId} is in SEALING_KEYS with a secret that does not open what it sealed: ${what}.`;
}

/**
 * The lines that tell an operator which keys are missing, what needs them, what goes wrong meanwhile
 * and what to do. Never any key's secret.
 */
export function missingKeyLines(ring: Keyring, missing: readonly MissingKey[]): string[] {
  if (missing.length === 0) return [];
  const keys = commandName('keys');
  const effects = [
    ...new Set(missing.flatMap((m) => m.uses.map((use) => stored(use)?.effect ?? 'they cannot be read'))),
  ];
  const ids = (problem: MissingKey['problem']) =>
    missing.flatMap((m) => (m.keyId !== null && m.problem === problem ? [m.keyId] : []));
  const [absent, wrong] = [ids('absent'), ids('wrong')];
  const then = `restart every process, then run \`${keys} reseal\`; keep each key while \`${keys} status\` names it (voucher digests need theirs until their last day). A key lost for good loses what it sealed (docs/deploy/keys.md#a-key-missing).`;
  const lines = missing.map(keyLine);
  lines.push(`Meanwhile ${effects.join('; ')}.`);
  if (absent.length > 0)
    lines.push(
      `Put ${absent.join(', ')} back in SEALING_KEYS with the secret it had, behind the first entry (SEALING_KEYS=${ring.current.id}:…,${absent.map((id) => `${id}:…`).join(',')}), ${then}`,
    );
  if (wrong.length > 0)
    lines.push(
      `Put the secret that sealed them back under ${wrong.join(', ')} (a new secret needs a new id: \`${keys} generate\`), ${then}`,
    );
  if (missing.some((m) => m.keyId === null))
    lines.push(
      `Set JWT_SECRET back to the value it had (or put DATA_DIR/jwt-secret back), restart, run \`${keys} reseal\`, and only then change JWT_SECRET.`,
    );
  return lines;
}
