// One run of the payment recovery job from the command line, e.g. from cron while no shop runs, or to
// settle at once what the shop's own job (every 5 minutes) would settle later:
//   npm run payments:recover [-- --stale-minutes 10 --abandon-minutes 180]
// PayPal orders approved but never captured are captured (and their orders confirmed and mailed once),
// completed ones marked paid, never approved ones settled as failed; stale Stripe attempts are looked up.
// On PostgreSQL (DATABASE_URL) it may run beside the shops: one run at a time holds the job. The embedded
// PGlite database can be open in one process only: stop the shop first (the running shop does this itself).
import { parseArgs } from 'node:util';
import { closeDatabase } from '#lib/server/db/index.ts';
import { recoverPayments } from '#lib/server/orders/index.ts';
import { loadEnv } from './lib/prepare.ts';

const USAGE = 'Usage: npm run payments:recover [-- --stale-minutes <n>] [--abandon-minutes <n>]';

function minutes(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,6}$/.test(value)) {
    console.error(`payments:recover: --${name} must be a whole number of minutes\n${USAGE}`);
    process.exit(2);
  }
  return Number(value) * 60_000;
}

let values: { 'stale-minutes'?: string; 'abandon-minutes'?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      'stale-minutes': { type: 'string' },
      'abandon-minutes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`payments:recover: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const staleAfterMs = minutes(values['stale-minutes'], 'stale-minutes');
const abandonAfterMs = minutes(values['abandon-minutes'], 'abandon-minutes');

// A bad configuration stops here with the variable's name, before the database is opened.
loadEnv();
try {
  const run = await recoverPayments({
    ...(staleAfterMs !== undefined ? { staleAfterMs } : {}),
    ...(abandonAfterMs !== undefined ? { abandonAfterMs } : {}),
  });
  if (!run.ran)
    console.log(
      'payments:recover: nothing to do (no payment provider configured, or another instance is running the job)',
    );
  else
    console.log(
      `payments:recover: checked ${run.checked}, captured ${run.captured}, settled ${run.settled}, abandoned ${run.abandoned}, errors ${run.errors}`,
    );
  process.exitCode = run.errors > 0 ? 1 : 0;
} finally {
  await closeDatabase();
}
