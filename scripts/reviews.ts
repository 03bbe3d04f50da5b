// Review moderation from the command line, for scripts and servers without a browser; the editor
// workspace's queue (/admin/reviews) does the same, and both write the audit trail (this one as 'cli').
//   npm run reviews -- list [--pending]                every review (or only those waiting), waiting ones first
//   npm run reviews -- publish <id>                    shows it on its product page
//   npm run reviews -- reject <id> --reason <text>     keeps it off (or takes it off) its product page
// Publishing or rejecting raises a publish event for the product, so its cached pages are dropped:
// on PostgreSQL (DATABASE_URL) every running instance hears of it at once. The embedded PGlite
// database can be open in one process only: stop the shop first, or its next start shows the change.
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/lib/server/db/client.ts';
import { env, EnvError } from '../src/lib/server/env.ts';
import { moderateReview, reviewsForModeration } from '../src/lib/server/reviews/index.ts';
import { audit } from '../src/lib/server/admin/index.ts';
import { moderationAudit, type ModerationAction } from '../src/lib/server/admin/moderation-audit.ts';

const USAGE = `Usage: npm run reviews -- list [--pending] | publish <id> | reject <id> --reason <text>
Database: DATABASE_URL (PostgreSQL) or the embedded PGlite under DATA_DIR (default .data; stop the shop first).`;

function fail(message: string, code = 2): never {
  console.error(`reviews: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

type Command =
  { kind: 'list'; pending: boolean } | { kind: 'publish'; id: string } | { kind: 'reject'; id: string; reason: string };

function parseCli(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        pending: { type: 'boolean', default: false },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [command, id, ...rest] = parsed.positionals;
  if (rest.length > 0) fail(`unexpected arguments: ${rest.join(' ')}`);
  const reason = parsed.values.reason?.trim();
  if (command === 'list' && id === undefined && reason === undefined)
    return { kind: 'list', pending: parsed.values.pending ?? false };
  if ((command === 'publish' || command === 'reject') && !parsed.values.pending) {
    if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      fail(`${command} needs a review id (a UUID from 'list')`);
    if (command === 'publish' && reason === undefined) return { kind: command, id };
    // A rejection says why, as in the workspace: the next moderator (and the audit trail) reads it.
    if (command === 'reject' && reason) return { kind: command, id, reason };
    fail(command === 'reject' ? 'reject needs --reason <text>' : 'publish takes no --reason');
  }
  fail(command ? `unknown command '${command}'` : 'no command given');
}

/** One line per review: what a moderator decides on. Texts are shown in full, control characters cannot occur. */
function printList(list: Awaited<ReturnType<typeof reviewsForModeration>>): void {
  if (list.length === 0) {
    console.log('reviews: none');
    return;
  }
  for (const r of list) {
    console.log(
      `${r.id}  ${r.status.padEnd(9)}  ${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}  ${r.sku}  ${r.email}  ${r.locale}  ${r.updatedAt.toISOString().slice(0, 16)}`,
    );
    console.log(`    ${r.title}`);
    if (r.rejectionReason) console.log(`    rejected: ${r.rejectionReason}`);
    for (const line of r.body.split('\n')) console.log(`    | ${line}`);
  }
}

async function main(): Promise<void> {
  const command = parseCli(process.argv.slice(2));
  let config;
  try {
    config = env();
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error), 1);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    if (command.kind === 'list') {
      printList(await reviewsForModeration(database.db, { status: command.pending ? 'pending' : 'all' }));
      return;
    }
    const action: ModerationAction = command.kind === 'publish' ? 'review.publish' : 'review.reject';
    const { review, previous } = await moderateReview(
      database.db,
      command.id,
      command.kind === 'publish' ? { status: 'published' } : { status: 'rejected', reason: command.reason },
      (tx, changed) => audit(tx, { kind: 'cli' }, moderationAudit(action, changed)),
    );
    console.log(`reviews: ${review.id} ${previous} → ${review.status} (product ${review.productId})`);
  } catch (error) {
    if ((error as { code?: string }).code === 'REVIEW_NOT_FOUND')
      fail(`no review ${command.kind === 'list' ? '' : command.id}`, 1);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('reviews: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
