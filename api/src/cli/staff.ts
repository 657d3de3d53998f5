/**
 * `npm run staff -- add EMAIL --role agent|admin [--name NAME]`: the support console's staff accounts
 * (docs/decisions/032-support-console.md), on the database `npm start` uses. A new account, and one
 * whose password is reset, gets a one-time password, printed once: it is changed at the first sign-in,
 * where a second factor (an authenticator app) is set up too.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/contract/support';
import { commandName, loadConfig, printHelp } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { Store } from '../repositories';
import type { StaffRepository } from '../repositories/staff';
import { addStaff, fromCommandLine, resetStaffPassword } from '../support/accounts';

const STAFF = commandName('staff');

const USAGE = `
${STAFF} <command> [options]

The support console's staff accounts, apart from customers (docs/decisions/032-support-console.md).

Commands:
  add <e-mail> --role agent|admin [--name <name>]
                   a new account; prints its one-time password, to be changed at the first sign-in
  reset <e-mail>   a new one-time password, and a new second factor at the next sign-in (a lost phone)
  disable <e-mail> no more sign-in; the account's sessions end at once
  list             the accounts: e-mail, name, role, whether the second factor is set up

Options:
  --role <role>    agent (finds customers, resends, signs devices out) or admin (also blocks, refunds,
                   extends periods and reads the whole audit trail)
  --name <name>    the name the audit trail shows (default: the e-mail address)
  --help           this text`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return printHelp(USAGE);
  const [command, email] = positionals;
  const needsEmail = command === 'add' || command === 'reset' || command === 'disable';
  if (!command || !['add', 'reset', 'disable', 'list'].includes(command) || (needsEmail && !email)) {
    throw new Error(`Usage: ${STAFF} add <e-mail> --role agent|admin (${STAFF} --help for more)`);
  }
  if (needsEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email!)) throw new Error(`Not an e-mail address: ${email}`);
  if (command === 'add' && !STAFF_ROLES.includes(values.role as StaffRole)) {
    throw new Error(`--role must be agent or admin (got ${values.role ?? 'nothing'})`);
  }
  const config = loadConfig(process.env, 'command');
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const store = new Store(db);
    if (command === 'list') {
      const rows = await store.staff.list();
      if (rows.length === 0) console.info(`No staff accounts yet: ${STAFF} add <e-mail> --role admin`);
      for (const row of rows) {
        const state = row.disabled_at ? 'disabled' : row.totp_confirmed_at ? 'active' : 'not signed in yet';
        console.info(`${row.email}\t${row.name}\t${row.role}\t${state}`);
      }
      return;
    }
    // Each change is in the audit trail, under the system user and host that ran the command.
    const entry = { by: `${os.userInfo().username}@${os.hostname()} (${STAFF})`, email: email! };
    const at = new Date();
    if (command === 'add') {
      const role = values.role as StaffRole;
      const member = { email: email!, name: values.name?.trim() || email!, role };
      const password = await fromCommandLine(
        store,
        { ...entry, action: 'staff.add', role },
        (staff) => addStaff(staff, member),
        at,
      );
      if (!password) throw new Error(`${email} has an account already (${STAFF} reset ${email} for a new password)`);
      console.info(`Added ${email} (${values.role}). One-time password, shown only now: ${password}`);
      console.info('At the first sign-in they choose a password of their own and set up an authenticator app.');
    } else if (command === 'reset') {
      const password = await fromCommandLine(
        store,
        { ...entry, action: 'staff.reset' },
        (staff) => resetStaffPassword(staff, email!),
        at,
      );
      if (!password) throw new Error(`No enabled staff account ${email} (a disabled account stays disabled)`);
      console.info(`New one-time password for ${email}, shown only now: ${password}`);
    } else {
      const disable = (staff: StaffRepository) => staff.disable(email!.toLowerCase(), at);
      if (!(await fromCommandLine(store, { ...entry, action: 'staff.disable' }, disable, at)))
        throw new Error(`No enabled staff account ${email}`);
      console.info(`Disabled ${email}: its sessions have ended.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
