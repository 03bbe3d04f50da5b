// Catalogue import from the command line (README, "Bring your catalogue").
//   npm run import -- FILE… [--check] [--strict] [--invite] [--report FILE.csv]
// Each file is a BMEcat catalogue (2005 or 1.2), a CSV file or JSON Lines, told apart by its content;
// customers come as CSV or JSON Lines.
// The embedded PGlite database can be open in one process only: stop the shop first (on PostgreSQL,
// DATABASE_URL, the running shop hears of the changes at once).
import { createReadStream, rmSync } from 'node:fs';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// The process's own database (not one opened beside it): the activation mails read the shop's name
// through it, and the embedded PGlite must be open only once in a process.
import { closeDatabase, database as processDatabase } from '../src/lib/server/db/index.ts';
import { env, EnvError } from '../src/lib/server/env.ts';
import {
  isZip,
  reportCsv,
  runImport,
  unpackZip,
  ZipRefused,
  type ImportProgress,
  type ImportSource,
} from '../src/lib/server/import/index.ts';

const USAGE = `Usage: npm run import -- FILE… [--check] [--strict] [--invite] [--report FILE.csv]
  A FILE may be a zip holding catalogue files (.xml, .csv, .jsonl) with their pictures and data sheets.
  --check    validate only: nothing changes, the report lists every problem
  --strict   all or nothing: one refused record and nothing changes
  --invite   mail each new customer the link that sets its password
  --report   write the report (every refused record) as CSV
Exit status: 0 all applied, 3 applied but some records refused, 1 nothing applied (failed, or --strict refused), 2 usage.
Database: DATABASE_URL (PostgreSQL) or the embedded PGlite under DATA_DIR (default .data; stop the shop first).`;

/** Report lines printed; the rest are in --report. */
const PRINTED_LINES = 20;

function fail(message: string, code = 2): never {
  console.error(`import: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

function parseCli(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        check: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        invite: { type: 'boolean', default: false },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (positionals.length === 0) fail('name at least one file');
    return {
      files: positionals,
      check: values.check ?? false,
      strict: values.strict ?? false,
      invite: values.invite ?? false,
      report: values.report,
    };
  } catch (error) {
    fail((error as Error).message);
  }
}

/** A bar on a terminal; a line every few seconds in a log. */
function progressPrinter(): (p: ImportProgress) => void {
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  return (p) => {
    const share = p.bytesTotal ? p.bytesRead / p.bytesTotal : 0;
    const { read, created, updated, unchanged, refused } = p.counts;
    const text = `${p.file} ${Math.round(share * 100)}%  ${read} read, ${created} new, ${updated} changed, ${unchanged} unchanged, ${refused} refused`;
    if (tty) {
      const width = 24;
      const filled = Math.round(share * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}\u001b[K`);
    } else if (Date.now() - lastLine > 5000 || share === 1) {
      lastLine = Date.now();
      console.error(`import: ${text}`);
    }
  };
}

/** A file to import, or a zip's catalogue files (unpacked into a folder of `scratch`, with their media). */
async function sourcesOf(path: string, scratch: string): Promise<ImportSource[]> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    fail(`cannot read ${path}: ${(error as Error).message}`, 1);
  }
  if (!info.isFile()) fail(`${path} is not a file`, 1);
  if (await isZip(path)) {
    try {
      return await unpackZip(path, await mkdtemp(join(scratch, 'zip-')), basename(path));
    } catch (error) {
      if (error instanceof ZipRefused) fail(`${path}: the zip ${error.message}; nothing was imported`, 1);
      throw error;
    }
  }
  return [
    { name: basename(path), size: info.size, folder: dirname(resolve(path)), open: () => createReadStream(path) },
  ];
}

async function main(): Promise<void> {
  const args = parseCli(process.argv.slice(2));
  try {
    env();
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error), 1);
  }
  const scratch = await mkdtemp(join(tmpdir(), 'storefront-import-'));
  process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
  const sources = (await Promise.all(args.files.map((file) => sourcesOf(file, scratch)))).flat();
  const database = await processDatabase();
  try {
    await database.migrate();
    const started = performance.now();
    const result = await runImport(database.db, sources, {
      actor: { kind: 'cli' },
      check: args.check,
      strict: args.strict,
      invite: args.invite,
      onProgress: progressPrinter(),
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const { read, created, updated, unchanged, deleted, refused } = result.counts;
    console.log(
      `import: ${result.id} ${result.status} in ${seconds} s: ${read} records read, ${created} created, ${updated} updated, ${unchanged} unchanged, ${deleted} deleted, ${refused} refused`,
    );
    for (const line of result.report.slice(0, PRINTED_LINES))
      console.log(
        `  ${line.file}:${line.line}${line.id ? ` ${line.id}` : ''}${line.field ? ` ${line.field}` : ''}: ${line.reason}`,
      );
    const more = result.report.length + result.omitted - PRINTED_LINES;
    if (more > 0)
      console.log(`  … and ${more} more${args.report ? ` in ${args.report}` : ' (--report FILE.csv lists them all)'}`);
    if (args.report) await writeFile(args.report, reportCsv(result.report));
    if (args.check) console.log('import: --check: nothing was changed');
    else if (!result.changed && refused > 0 && args.strict) console.log('import: --strict: nothing was changed');
    else if (result.published) console.log(`import: published ${result.published.id}`);
    if (result.newFilters.length > 0)
      console.log(`import: new filters in the listings: ${result.newFilters.join(', ')}`);
    if (result.invited > 0) console.log(`import: ${result.invited} new customers were sent their activation link`);
    if (result.error) console.error(`import: failed: ${result.error}`);
    process.exitCode = result.status === 'failed' || (args.strict && refused > 0) ? 1 : refused > 0 ? 3 : 0;
  } finally {
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error('import: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
