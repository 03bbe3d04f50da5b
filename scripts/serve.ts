// Serves a build that is already there, as `npm start` does but without migrating, seeding or
// building: `node scripts/serve.ts <outDir> [--warm-up]` (the test helpers and the benches start
// instances this way; `npm start` starts its server this way, with --warm-up, once it has prepared).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveShop } from './lib/serve-shop.ts';
import { warmUp } from './lib/warm-up.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'warm-up': { type: 'boolean', default: false } },
});
const outDir = positionals[0];
if (!outDir) {
  console.error('usage: node scripts/serve.ts <outDir> [--warm-up]');
  process.exit(2);
}
const origin = await serveShop(resolve(outDir, 'server/entry.mjs'));
// The home pages and the in-memory indexes before the first visitors ask (in the background), from
// this process: its requests of itself carry its own token (internal-request.ts).
if (values['warm-up']) void warmUp(origin);
