/**
 * `node api/dist/keys.js status|reseal|generate` (`npm run keys -- …` in a checkout): the sealing
 * keyring (docs/deploy/keys.md). Opens the database as the staff command does, not the server.
 */
import { parseArgs } from 'node:util';
import { commandName, loadConfig, printHelp } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { loadKeys } from '../auth/secrets';
import { KEY_ID, newKeyEntry, type Keyring } from '../auth/keyring';
import { resealAll } from '../auth/reseal';
import { keyUses, missingKeyLines, missingKeys, type KeyUse } from '../auth/keyringNeeds';
import { SealedValuesRepository } from '../repositories/sealedValues';

const USAGE = `
${commandName('keys')} <command> [options]

The keys that seal stored secrets (PINs, queued messages, staff second factors): SEALING_KEYS, whose
first entry seals and every entry opens (docs/deploy/keys.md).

Commands:
  status     how many sealed values each key id (and legacy, sealed before the keyring) holds, per table
             and which key ids unredeemed vouchers' digests and live codes still need (never re-sealed),
             until when; exits 1, saying what to do, while anything stored needs a key SEALING_KEYS lacks
  reseal     re-seals every value not under the first key of SEALING_KEYS, in batches; safe while
             servers run and beside another reseal. Then status shows nothing under the old keys,
             and they can be removed from SEALING_KEYS
  generate   prints a new SEALING_KEYS entry (id:secret) to put in front of the others

Options:
  --id <id>      generate: the new key's id, letters a-z and digits (default: k, today's date and 4 random hex digits)
  --batch <n>    reseal: values per statement (default 500)
  --help         this text`;

const label = (keyId: string | null) => keyId ?? 'legacy';

/** Which keys the ring has, in one line. */
function describeRing(ring: Keyring): string {
  const others = [...ring.byId.keys()].filter((id) => id !== ring.current.id);
  const legacy = ring.legacy.length > 0 ? 'available' : 'none (JWT_SECRET or DATA_DIR/jwt-secret gone)';
  return `Sealing keys: ${ring.current.id} seals${others.length > 0 ? `; ${others.join(', ')} open` : ''}; legacy key: ${legacy}`;
}

/** One stored column's line: each key id's count, and whether the ring lacks its key. */
function columnLine(uses: KeyUse[], lacking: (use: KeyUse) => boolean): string {
  const [first] = uses;
  const parts = uses.map((use) => {
    const count =
      use.table === 'vouchers'
        ? `${use.count} unredeemed, valid until ${use.until}`
        : use.table === 'verifications'
          ? `${use.count} live, until ${use.until}`
          : `${use.count}`;
    return `${label(use.keyId)} ${count}${lacking(use) ? ' (no key opens these)' : ''}`;
  });
  return `${first!.table}.${first!.column}: ${parts.join(', ')}`;
}

/**
 * `status`: per table, each key's count, what a reseal would move, the keys voucher digests and live
 * codes still need; and a key stored data needs that SEALING_KEYS lacks, said on stderr with what to do
 * (exit 1).
 */
function printStatus(ring: Keyring, uses: KeyUse[]): void {
  console.info(describeRing(ring));
  const missing = missingKeys(ring, uses);
  const lacking = (use: KeyUse) => missing.some((m) => m.uses.includes(use));
  for (const column of new Set(uses.map((use) => `${use.table}.${use.column}`)))
    console.info(
      columnLine(
        uses.filter((use) => `${use.table}.${use.column}` === column),
        lacking,
      ),
    );
  const movable = uses.filter((use) => use.until === null && use.keyId !== ring.current.id && !lacking(use));
  const total = movable.reduce((sum, c) => sum + c.count, 0);
  const kept = uses.filter((use) => use.until !== null && use.keyId !== ring.current.id && !lacking(use));
  const digests = kept.filter((use) => use.table === 'vouchers');
  if (digests.length > 0)
    console.info(
      `Keep ${digests.map((d) => `${d.keyId} until ${d.until}`).join(', ')} in SEALING_KEYS: voucher digests cannot be re-sealed.`,
    );
  for (const code of kept.filter((use) => use.table === 'verifications'))
    console.info(
      `Keep ${label(code.keyId)} until ${code.until} in SEALING_KEYS: one-time codes sent under it are live.`,
    );
  if (total > 0) {
    const byKey = new Map<string, number>();
    for (const c of movable) byKey.set(label(c.keyId), (byKey.get(label(c.keyId)) ?? 0) + c.count);
    const list = [...byKey].map(([id, count]) => `${id} ${count}`).join(', ');
    console.info(`Not under ${ring.current.id}: ${total} (${list}); keys.js reseal moves them.`);
  }
  if (missing.length > 0) {
    process.exitCode = 1;
    for (const line of missingKeyLines(ring, missing)) console.error(line);
  } else if (total === 0 && kept.length === 0)
    console.info(`Everything is sealed under ${ring.current.id}: the other keys can be removed from SEALING_KEYS.`);
  else if (total === 0) console.info(`Every sealed value is under ${ring.current.id}.`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { id: { type: 'string' }, batch: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return printHelp(USAGE);
  const [command] = positionals;
  if (!command || !['status', 'reseal', 'generate'].includes(command))
    throw new Error(`Usage: ${commandName('keys')} status|reseal|generate (--help for more)`);
  if (command === 'generate') {
    if (values.id !== undefined && !KEY_ID.test(values.id))
      throw new Error(`--id must be 1-16 letters a-z or digits (got "${values.id}")`);
    console.info(newKeyEntry(new Date(), values.id));
    return;
  }
  const batch = Number(values.batch ?? 500);
  if (!Number.isInteger(batch) || batch < 1)
    throw new Error(`--batch must be a whole number above 0 (got "${values.batch}")`);
  const config = loadConfig(process.env, 'command');
  const ring = loadKeys(config).sealing;
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const repo = new SealedValuesRepository(db);
    if (command === 'status') return printStatus(ring, await keyUses(repo, new Date()));
    const report = await resealAll(repo, ring, batch, (line) => console.info(line));
    const unreadable = Object.entries(report.unreadable);
    console.info(
      `Re-sealed ${report.resealed} values under ${ring.current.id}; ${report.skipped} changed meanwhile (sealed anew by the portal or another reseal)`,
    );
    if (unreadable.length > 0) {
      process.exitCode = 1;
      console.error(
        `${unreadable.map(([id, n]) => `${n} under ${id}`).join(', ')}: no key of SEALING_KEYS opens them; put the key back in SEALING_KEYS (after the first) and run reseal again.`,
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
