// Staff accounts and API tokens of the editor workspace, from the command line:
//   npm run staff -- add <email> --role editor|sales|admin   asks for a password (or, left empty or without a
//                                                      terminal, mails a one-time set-password link)
//   npm run staff -- list
//   npm run staff -- role <email> editor|sales|admin
//   npm run staff -- disable <email> | enable <email>
//   npm run staff -- reset <email>                     mails a new set-password link
//   npm run staff -- token create --name <name> --scope content:read,content:write,catalog:write
//   npm run staff -- token list | token revoke <id>
// Every change is audited as 'cli'. The embedded PGlite database can be open in one process only:
// stop the shop first. On PostgreSQL (DATABASE_URL) it works beside the running shop.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Database } from '../src/lib/server/db/client.ts';
import { openMigrated } from './lib/prepare.ts';
import { env, EnvError } from '../src/lib/server/env.ts';
import {
  addStaff,
  createToken,
  listStaff,
  listTokens,
  PASSWORD_LINK_HOURS,
  resetStaffPassword,
  revokeToken,
  staffByEmail,
  updateStaff,
} from '../src/lib/server/admin/index.ts';
import { sendStaffPasswordMail } from '../src/lib/server/mail/index.ts';
import { describeMailDelivery } from '../src/lib/server/mail/transport.ts';
import { STAFF_ROLES, TOKEN_SCOPES, type StaffRole, type TokenScope } from '../src/lib/admin/rules.ts';

const USAGE = `Usage: npm run staff -- add <email> --role editor|sales|admin [--password-stdin]
       npm run staff -- list | role <email> editor|sales|admin | disable <email> | enable <email> | reset <email>
       npm run staff -- token create --name <name> --scope ${TOKEN_SCOPES.join(',')} | token list | token revoke <id>
Database: DATABASE_URL (PostgreSQL) or the embedded PGlite under DATA_DIR (default .data; stop the shop first).`;

const CLI = { kind: 'cli' } as const;

function fail(message: string, code = 2): never {
  console.error(`staff: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

const role = (value: string | undefined): StaffRole => {
  if (!STAFF_ROLES.includes(value as StaffRole)) fail(`the role is ${STAFF_ROLES.join(' or ')}`);
  return value as StaffRole;
};

const scopes = (value: string | undefined): TokenScope[] => {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = list.filter((s) => !TOKEN_SCOPES.includes(s as TokenScope));
  if (list.length === 0 || unknown.length > 0)
    fail(
      `--scope takes ${TOKEN_SCOPES.join(', ')} (comma-separated)${unknown.length ? `; not ${unknown.join(', ')}` : ''}`,
    );
  return list as TokenScope[];
};

/** A password typed at the terminal without echo, or the first line of stdin with --password-stdin. */
async function readPassword(fromStdin: boolean): Promise<string> {
  if (!fromStdin && !process.stdin.isTTY) return '';
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: !fromStdin });
  if (!fromStdin) {
    process.stdout.write('Password (empty: mail a set-password link instead): ');
    // Typed characters are not echoed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  const line = await new Promise<string>((resolve) => rl.once('line', resolve).once('close', () => resolve('')));
  rl.close();
  if (!fromStdin) process.stdout.write('\n');
  return line;
}

async function mailLink(email: string, token: string): Promise<void> {
  const sent = await sendStaffPasswordMail(email, token, 'Storefront', PASSWORD_LINK_HOURS);
  console.log(
    `staff: a set-password link for ${email} went ${sent.path ? `to ${sent.path}` : 'out by mail'} (valid ${PASSWORD_LINK_HOURS} h)`,
  );
}

async function run(database: Database, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      role: { type: 'string' },
      name: { type: 'string' },
      scope: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const db = database.db;
  const [command, subject, extra] = positionals;
  switch (command) {
    case 'add': {
      if (!subject) fail('add needs an e-mail address');
      const password = await readPassword(values['password-stdin'] ?? false);
      const { user, token } = await addStaff(db, CLI, {
        email: subject,
        role: role(values.role),
        ...(password ? { password } : {}),
      });
      console.log(`staff: added ${user.email} (${user.role})`);
      if (token) await mailLink(user.email, token);
      return;
    }
    case 'list':
      for (const s of await listStaff(db))
        console.log(
          `${String(s.id).padStart(4)}  ${s.role.padEnd(6)}  ${s.disabled ? 'disabled' : 'active  '}  ${s.email}`,
        );
      return;
    case 'role':
    case 'disable':
    case 'enable': {
      if (!subject) fail(`${command} needs an e-mail address`);
      const { id } = await staffByEmail(db, subject);
      const change = command === 'role' ? { role: role(extra) } : { disabled: command === 'disable' };
      const user = await updateStaff(db, CLI, { id, ...change });
      console.log(`staff: ${user.email} is ${user.role}, ${user.disabledAt ? 'disabled' : 'active'}`);
      return;
    }
    case 'reset': {
      if (!subject) fail('reset needs an e-mail address');
      const { user, token } = await resetStaffPassword(db, CLI, subject);
      await mailLink(user.email, token);
      return;
    }
    case 'token':
      if (subject === 'create') {
        if (!values.name) fail('token create needs --name');
        const created = await createToken(db, CLI, { name: values.name, scopes: scopes(values.scope) });
        console.log(
          `staff: token ${created.id} "${created.name}" (${created.scopes.join(', ')}). It is shown once; store it now:\n${created.token}`,
        );
      } else if (subject === 'list') {
        for (const t of await listTokens(db))
          console.log(
            `${String(t.id).padStart(4)}  ${t.revokedAt ? 'revoked' : 'active '}  ${t.name}  [${t.scopes.join(', ')}]  last used ${t.lastUsedAt ?? 'never'}`,
          );
      } else if (subject === 'revoke' && extra && /^\d{1,9}$/.test(extra)) {
        const t = await revokeToken(db, CLI, Number(extra));
        console.log(`staff: token ${t.id} "${t.name}" revoked`);
      } else fail('token create | list | revoke <id>');
      return;
    default:
      fail(command ? `unknown command '${command}'` : 'no command given');
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = env();
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error), 1);
  }
  // Migrated first: staff may be added before the shop's first start (a fresh database, a new release).
  const database = await openMigrated(config);
  try {
    console.log(`staff: mail ${describeMailDelivery()}`);
    await run(database, process.argv.slice(2));
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code?.startsWith('ERR_PARSE_ARGS')) fail(message ?? code);
    // The shop's coded errors (STAFF_EXISTS, LAST_ADMIN, VALIDATION_FAILED for a weak password, ...) say what is wrong.
    if (code && code !== 'INTERNAL_ERROR' && typeof message === 'string') fail(message, 1);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('staff: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
