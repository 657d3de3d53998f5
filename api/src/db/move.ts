/**
 * The move of an embedded portal (PGlite) to a PostgreSQL server: every table of the schema, row for
 * row and value for value, in one transaction on the target
 * (docs/decisions/039-upgrades-backups-and-moving-to-postgresql.md).
 */
import type { Db, Queryable, Transaction } from './db';
import { migrate, newerMigrations, pendingMigrations, type AppliedMigration } from './migrate';

/** postgrator's record is the target's own (its migrations ran there); the migrator before it left `schema_migrations`. */
const NOT_COPIED = new Set(['schemaversion', 'schema_migrations']);
/** Rows read and written at a time: a batch of invoice PDFs stays a few MB. */
const BATCH = 200;

/** A table moved, and its rows. */
interface MovedTable {
  table: string;
  rows: number;
}

/** Why the move will not go on, said in one line; nothing was written. */
class MoveRefused extends Error {}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The ordinary tables of the public schema that hold the portal's data. */
async function tablesOf(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  return rows.map((row) => row.name).filter((name) => !NOT_COPIED.has(name));
}

/** Parents before children: the order in which rows can be written with every foreign key checked. */
async function parentsFirst(db: Queryable, tables: string[]): Promise<string[]> {
  const edges = await db.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  let left = [...tables];
  while (left.length > 0) {
    const ready = left.filter((table) =>
      edges.every((edge) => edge.child !== table || edge.parent === table || ordered.includes(edge.parent)),
    );
    if (ready.length === 0) throw new Error(`The tables ${left.join(', ')} refer to each other in a cycle`);
    ordered.push(...ready);
    left = left.filter((table) => !ready.includes(table));
  }
  return ordered;
}

/** The columns a row is written with (not generated ones), each with its type as SQL writes it. */
async function columnsOf(db: Queryable, table: string): Promise<{ name: string; type: string }[]> {
  return db.query<{ name: string; type: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [`public.${ident(table)}`],
  );
}

/** The primary key's columns, to read rows in a stable order (a table that refers to itself gets parents first). */
async function keyOf(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`public.${ident(table)}`],
  );
  return rows.map((row) => row.name);
}

/** How many customers and staff accounts a database holds (0 where the table is not there yet). */
async function peopleIn(db: Queryable): Promise<{ customers: number; staff: number }> {
  const [found] = await db.query<{ customers: string | null; staff: string | null }>(
    `SELECT to_regclass('public.customers')::text AS customers, to_regclass('public.staff')::text AS staff`,
  );
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`))[0]?.n ?? 0;
  return {
    customers: found?.customers ? await count('customers') : 0,
    staff: found?.staff ? await count('staff') : 0,
  };
}

/** The target must be new: a database that holds customers or staff is some portal's, and is never overwritten. */
async function refuseUnlessEmpty(db: Queryable): Promise<void> {
  const { customers, staff } = await peopleIn(db);
  if (customers > 0 || staff > 0)
    throw new MoveRefused(
      `The target database already holds ${customers} customers and ${staff} staff accounts: the move writes only into a new, empty database (create one: createdb -O <user> <name>).`,
    );
}

/** The source must be at this release exactly, as the target will be. */
async function refuseUnlessCurrent(source: Queryable): Promise<void> {
  const pending = await pendingMigrations(source);
  if (pending.length > 0)
    throw new MoveRefused(
      `The embedded database lacks ${pending.length} migrations of this release (${pending[0]}…): start this release on it once, or run migrate with DATABASE_URL unset, then move it.`,
    );
  const newer = await newerMigrations(source);
  if (newer.length > 0)
    throw new MoveRefused(
      `The embedded database was migrated by a newer release (migrations ${newer.join(', ')}): move it with that release.`,
    );
}

/**
 * Copies one table: its rows read through a cursor as PostgreSQL's own text of each value, and written
 * in batches with each value cast back to its column's type. Text in, the same type out, so timestamps,
 * dates, jsonb, bytea, numeric and arrays arrive exactly as they were (no JavaScript value between).
 */
async function copyTable(source: Transaction, target: Transaction, table: string): Promise<number> {
  const columns = await columnsOf(target, table);
  const key = await keyOf(source, table);
  const list = columns.map((column) => ident(column.name)).join(', ');
  const read = columns.map((column, i) => `${ident(column.name)}::text AS c${i}`).join(', ');
  const order = key.length > 0 ? ` ORDER BY ${key.map(ident).join(', ')}` : '';
  const write = `INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${columns.map((column, i) => `c${i}::${column.type}`).join(', ')}
      FROM unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) AS batch(${columns.map((_, i) => `c${i}`).join(', ')})`;
  await source.query(`DECLARE moving NO SCROLL CURSOR FOR SELECT ${read} FROM ${ident(table)}${order}`);
  let rows = 0;
  for (;;) {
    const batch = await source.query<Record<string, string | null>>(`FETCH ${BATCH} FROM moving`);
    if (batch.length === 0) break;
    await target.query(
      write,
      columns.map((_, i) => batch.map((row) => row[`c${i}`] ?? null)),
    );
    rows += batch.length;
  }
  await source.query('CLOSE moving');
  return rows;
}

/** Every sequence as the source left it (identities, customer and order numbers): the next number is the one the embedded portal would have given. */
async function copySequences(source: Transaction, target: Transaction): Promise<void> {
  const sequences = await source.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  for (const { name } of sequences) {
    const [state] = await source.query<{ last: string; called: boolean }>(
      `SELECT last_value::text AS last, is_called AS called FROM ${ident(name)}`,
    );
    await target.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      `public.${ident(name)}`,
      state!.last,
      state!.called,
    ]);
  }
}

/**
 * Moves the embedded database `source` into the PostgreSQL database `target`: refuses unless the source
 * is at this release and the target holds no customer and no staff account; migrates the target; then,
 * in one transaction on the target, replaces whatever its migrations wrote (the packages) with every row
 * of every table, parents first, with the tables' own triggers off (a copied BLOCKED subscription signs
 * nobody out, the append-only audit trail takes its rows), sets every sequence as the source had it, and
 * checks each table's count. A failure anywhere leaves the target with no row of the source.
 */
export async function moveToPostgres(
  source: Db,
  target: Db,
  onApplied?: (migration: AppliedMigration) => void,
): Promise<MovedTable[]> {
  await refuseUnlessCurrent(source);
  await refuseUnlessEmpty(target);
  await migrate(target, { onApplied });
  const tables = await tablesOf(target);
  const sourceTables = await tablesOf(source);
  const missing = tables.filter((table) => !sourceTables.includes(table));
  const extra = sourceTables.filter((table) => !tables.includes(table));
  if (missing.length > 0 || extra.length > 0)
    throw new MoveRefused(
      `The two databases' tables differ (${[...missing.map((t) => `only the target has ${t}`), ...extra.map((t) => `only the embedded one has ${t}`)].join('; ')}): were they migrated by the same release?`,
    );
  const order = await parentsFirst(target, tables);
  const all = order.map(ident).join(', ');
  return source.transaction((from) =>
    target.transaction(async (to) => {
      await to.query(`LOCK TABLE ${all} IN ACCESS EXCLUSIVE MODE`);
      await refuseUnlessEmpty(to);
      for (const table of order) await to.query(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);
      await to.query(`TRUNCATE ${all}`);
      const moved: MovedTable[] = [];
      for (const table of order) moved.push({ table, rows: await copyTable(from, to, table) });
      await copySequences(from, to);
      for (const table of order) await to.query(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
      for (const { table, rows } of moved) {
        const [counted] = await to.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`);
        if (counted?.n !== rows) throw new Error(`${table}: ${rows} rows read, ${counted?.n} in the target`);
      }
      return moved;
    }),
  );
}
